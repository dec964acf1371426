"""Schemathesis hooks for scripts/fuzz-contract.sh: bodies of media types it cannot make itself.

The tus upload protocol sends raw bytes as `application/offset+octet-stream`.
"""
import schemathesis
from hypothesis import strategies as st

schemathesis.openapi.media_type("application/offset+octet-stream", st.binary(max_size=4096))
