package dev.trident.keys;

/** Shared mechanics of the key grammar; only the domain key classes use it. */
final class Keys {
    static final char DELIMITER = '#';

    private Keys() {
    }

    /** The single id that follows {@code prefix}; a foreign or malformed key is rejected. */
    /** {@code value} in decimal, left-padded with zeros to {@code width}; cheaper than String.format on key paths. */
    static String zeroPad(int value, int width) {
        String digits = Integer.toString(value);
        return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
    }

    static String idAfter(String field, String key, String prefix) {
        return Ids.require(field, rest(field, key, prefix));
    }

    /** What follows {@code prefix}, unvalidated. */
    static String rest(String field, String key, String prefix) {
        if (key == null || !key.startsWith(prefix)) {
            throw new InvalidKeyException(field, "key does not start with " + prefix);
        }
        return key.substring(prefix.length());
    }

    /** A shard number written in a key: 0..15 in decimal, without leading zeros (one spelling per shard). */
    static int shardNumber(String digits) {
        int shard = digits.length() > 2 || digits.isEmpty() ? -1 : Integer.parseInt(digits);
        if (shard < 0 || shard >= Shards.MAX_SHARDS || !digits.equals(Integer.toString(shard))) {
            throw new InvalidKeyException("shard", "is not a shard number");
        }
        return shard;
    }

    static void requireEquals(String field, String key, String expected) {
        if (!expected.equals(key)) {
            throw new InvalidKeyException(field, "key is not " + expected);
        }
    }
}
