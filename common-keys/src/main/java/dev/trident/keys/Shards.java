package dev.trident.keys;

import java.nio.charset.StandardCharsets;

/** Stable write sharding: the same id lands on the same shard in every JVM and every release. */
public final class Shards {
    public static final int MAX_SHARDS = 16;

    private Shards() {
    }

    /** FNV-1a 32-bit over the UTF-8 bytes, unsigned, modulo the shard count (String.hashCode is not a contract). */
    public static int of(String id, int shardCount) {
        requireShardCount(shardCount);
        return (int) (Integer.toUnsignedLong(fnv1a32(id)) % shardCount);
    }

    public static int fnv1a32(String s) {
        int hash = 0x811C9DC5;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xFF;
            hash *= 0x01000193;
        }
        return hash;
    }

    public static int requireShardCount(int shardCount) {
        if (shardCount < 1 || shardCount > MAX_SHARDS) {
            throw new InvalidKeyException("shards", "must be between 1 and " + MAX_SHARDS);
        }
        return shardCount;
    }

    /** A shard among {@code shardCount}: 0 to {@code shardCount - 1}. */
    public static int requireShard(int shard, int shardCount) {
        requireShardCount(shardCount);
        if (shard < 0 || shard >= shardCount) {
            throw new InvalidKeyException("shard", "must be between 0 and " + (shardCount - 1));
        }
        return shard;
    }
}
