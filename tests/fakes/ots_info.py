#!/usr/bin/python3
"""Independent cross-check: parses .ots files with Debian's python3-opentimestamps (the reference library) and
prints, per file, the file hash, its digest and the whole tree (operations and attestations) as JSON.

Input on stdin: a JSON list of base64 .ots files. Output: a JSON list, one entry per file, with branches and
attestations sorted so that trees compare equal whatever order a serializer wrote them in.
Run with /usr/bin/python3 (a pyenv python3 on PATH does not see Debian's packages).
"""
import base64
import json
import sys

from opentimestamps.core.notary import BitcoinBlockHeaderAttestation, PendingAttestation
from opentimestamps.core.op import BinaryOp
from opentimestamps.core.serialize import BytesDeserializationContext
from opentimestamps.core.timestamp import DetachedTimestampFile


def attestation(a):
    if isinstance(a, PendingAttestation):
        return "pending " + a.uri
    if isinstance(a, BitcoinBlockHeaderAttestation):
        return "bitcoin %d" % a.height
    return "other " + a.TAG.hex()


def op_text(op):
    if isinstance(op, BinaryOp):
        return "%s %s" % (op.TAG_NAME, op[0].hex())
    return op.TAG_NAME


def tree(stamp):
    return {
        "msg": stamp.msg.hex(),
        "attestations": sorted(attestation(a) for a in stamp.attestations),
        "ops": sorted(([op_text(op), tree(sub)] for op, sub in stamp.ops.items()), key=lambda x: x[0]),
    }


def describe(b64):
    try:
        ctx = BytesDeserializationContext(base64.b64decode(b64))
        dtf = DetachedTimestampFile.deserialize(ctx)
        return {"hash": dtf.file_hash_op.TAG_NAME, "digest": dtf.file_digest.hex(), "tree": tree(dtf.timestamp)}
    except Exception as e:  # reported, not hidden: the caller asserts there is no error
        return {"error": "%s: %s" % (type(e).__name__, e)}


if __name__ == "__main__":
    print(json.dumps([describe(f) for f in json.load(sys.stdin)]))
