"""The weekly run: tasks repeated with success -> procedures (`run.py` reads as its steps)."""
