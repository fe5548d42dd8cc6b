"""Just enough of the protobuf wire format to write an ONNX model in memory, without the `onnx` package.

ONNX Runtime takes a serialised `ModelProto` as bytes. The messages used here and their field
numbers (onnx/onnx.proto3): ModelProto (ir_version 1, producer_name 2, graph 7, opset_import 8),
OperatorSetIdProto (domain 1, version 2), GraphProto (node 1, name 2, initializer 5, input 11,
output 12), NodeProto (input 1, output 2, op_type 4, attribute 5, domain 7), AttributeProto
(name 1, f 2, i 3, s 4, ints 8, type 20), TensorProto (dims 1, data_type 2, name 8, raw_data 9),
ValueInfoProto (name 1, type 2), TypeProto (tensor_type 1), TypeProto.Tensor (elem_type 1,
shape 2), TensorShapeProto (dim 1), Dimension (dim_param 2).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

import numpy as np

IR_VERSION = 8
FLOAT, UINT8, INT32, INT64 = 1, 2, 6, 7  # TensorProto.DataType
_DTYPES = {
    np.dtype(np.float32): FLOAT,
    np.dtype(np.uint8): UINT8,
    np.dtype(np.int32): INT32,
    np.dtype(np.int64): INT64,
}
_ATTR_FLOAT, _ATTR_INT, _ATTR_STRING, _ATTR_INTS = 1, 2, 3, 7  # AttributeProto.AttributeType


def _varint(n: int) -> bytes:
    n &= (1 << 64) - 1  # negative int64 values are written as ten-byte two's complement
    out = bytearray()
    while True:
        low = n & 0x7F
        n >>= 7
        if not n:
            out.append(low)
            return bytes(out)
        out.append(low | 0x80)


def _int(field: int, value: int) -> bytes:
    return _varint(field << 3) + _varint(value)


def _len(field: int, data: bytes | str) -> bytes:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return _varint((field << 3) | 2) + _varint(len(raw)) + raw


def tensor(name: str, arr: np.ndarray) -> bytes:
    """A TensorProto holding `arr` (float32, uint8, int32 or int64) as raw little-endian bytes."""
    data = np.ascontiguousarray(arr)
    dims = b"".join(_int(1, d) for d in data.shape)
    return (
        dims
        + _int(2, _DTYPES[data.dtype])
        + _len(8, name)
        + _len(9, data.astype(data.dtype.newbyteorder("<")).tobytes())
    )


def _attribute(name: str, value: float | int | str | Sequence[int]) -> bytes:
    head = _len(1, name)
    if isinstance(value, float):
        return head + _varint((2 << 3) | 5) + struct.pack("<f", value) + _int(20, _ATTR_FLOAT)
    if isinstance(value, int):
        return head + _int(3, value) + _int(20, _ATTR_INT)
    if isinstance(value, str):
        return head + _len(4, value) + _int(20, _ATTR_STRING)
    return head + b"".join(_int(8, v) for v in value) + _int(20, _ATTR_INTS)


def node(
    op: str,
    inputs: Sequence[str],
    outputs: Sequence[str],
    domain: str = "",
    **attrs: float | int | str | Sequence[int],
) -> bytes:
    """A NodeProto; an empty input name leaves an optional input out."""
    out = b"".join(_len(1, i) for i in inputs) + b"".join(_len(2, o) for o in outputs) + _len(4, op)
    out += b"".join(_len(5, _attribute(k, v)) for k, v in attrs.items())
    return out + (_len(7, domain) if domain else b"")


def value_info(name: str, elem_type: int, rank: int) -> bytes:
    """A graph input or output of `rank` dimensions, each of symbolic size."""
    dims = b"".join(_len(1, _len(2, f"{name}_{i}")) for i in range(rank))
    tensor_type = _int(1, elem_type) + _len(2, dims)
    return _len(1, name) + _len(2, _len(1, tensor_type))


def model(
    nodes: Sequence[bytes],
    initializers: Sequence[bytes],
    inputs: Sequence[bytes],
    outputs: Sequence[bytes],
    opsets: Sequence[tuple[str, int]],
) -> bytes:
    """A serialised ModelProto of one graph."""
    graph = b"".join(_len(1, n) for n in nodes) + _len(2, "graph")
    graph += b"".join(_len(5, t) for t in initializers)
    graph += b"".join(_len(11, v) for v in inputs) + b"".join(_len(12, v) for v in outputs)
    out = _int(1, IR_VERSION) + _len(2, "memdir")
    out += b"".join(_len(8, _len(1, domain) + _int(2, version)) for domain, version in opsets)
    return out + _len(7, graph)
