"""The daily run: pending episodes -> knowledge/, procedures/ or skip (`run.py` reads as its steps)."""
