/* eslint-disable @typescript-eslint/no-unused-vars -- ambient declarations: the classes are referenced through `typeof` only */
// opentimestamps 0.4.9 ships no types. Only the data structures and the serialization are declared: the
// package's network functions (stamp, upgrade, verify) are deliberately left out (see lib/domain/timestamps/ots.ts).
// Messages and arguments are plain arrays of byte values, as the package requires.
declare module "opentimestamps/index.js" {
  namespace Ops {
    abstract class Op {
      _TAG(): number;
      _TAG_NAME(): string;
      call(msg: number[]): number[];
      equals(other: Op): boolean;
    }
    abstract class OpBinary extends Op {
      arg: number[];
    }
    class OpAppend extends OpBinary {
      constructor(arg: number[]);
    }
    class OpPrepend extends OpBinary {
      constructor(arg: number[]);
    }
    class OpReverse extends Op {}
    class OpHexlify extends Op {}
    abstract class CryptOp extends Op {
      _DIGEST_LENGTH(): number;
      _HASHLIB_NAME(): string;
    }
    class OpSHA1 extends CryptOp {}
    class OpRIPEMD160 extends CryptOp {}
    class OpSHA256 extends CryptOp {}
  }

  namespace Notary {
    abstract class TimeAttestation {
      _TAG(): number[];
      equals(other: TimeAttestation): boolean;
    }
    class PendingAttestation extends TimeAttestation {
      constructor(uri: string);
      uri: string;
    }
    class BitcoinBlockHeaderAttestation extends TimeAttestation {
      constructor(height: number);
      height: number;
    }
    class LitecoinBlockHeaderAttestation extends TimeAttestation {
      height: number;
    }
    class UnknownAttestation extends TimeAttestation {
      payload: number[];
    }
  }

  namespace Context {
    class StreamDeserialization {
      constructor(bytes: number[] | Uint8Array);
      assertEof(): void;
    }
    class StreamSerialization {
      constructor();
      getOutput(): Uint8Array;
    }
  }

  class Timestamp {
    constructor(msg: number[]);
    msg: number[];
    attestations: Notary.TimeAttestation[];
    ops: Map<Ops.Op, Timestamp>;
    add(op: Ops.Op): Timestamp;
    serialize(ctx: Context.StreamSerialization): void;
    static deserialize(ctx: Context.StreamDeserialization, initialMsg: number[]): Timestamp;
  }

  class DetachedTimestampFile {
    constructor(fileHashOp: Ops.CryptOp, timestamp: Timestamp);
    fileHashOp: Ops.CryptOp;
    timestamp: Timestamp;
    fileDigest(): number[];
    serializeToBytes(): Uint8Array;
    static deserialize(bytes: number[] | Uint8Array): DetachedTimestampFile;
    static fromHash(fileHashOp: Ops.CryptOp, digest: number[] | Uint8Array): DetachedTimestampFile;
  }

  const OpenTimestamps: {
    Ops: typeof Ops;
    Notary: typeof Notary;
    Context: typeof Context;
    Timestamp: typeof Timestamp;
    DetachedTimestampFile: typeof DetachedTimestampFile;
  };
  export default OpenTimestamps;
}
