package dev.trident.keys;

/** Shared mechanics of the key grammar: its delimiter and number spellings. */
final class Keys {
    static final char DELIMITER = '#';

    private Keys() {
    }

    /** {@code value} in decimal, left-padded with zeros to {@code width}; cheaper than String.format on key paths. */
    static String zeroPad(int value, int width) {
        String digits = Integer.toString(value);
        return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
    }

    /** A shard number written in a key: 0..15 in decimal, without leading zeros (one spelling per shard). */
    static int shardNumber(String digits) {
        boolean decimal = !digits.isEmpty() && digits.length() <= 2 && digits.chars().allMatch(Character::isDigit);
        int shard = decimal ? Integer.parseInt(digits) : -1;
        if (shard < 0 || shard >= Shards.MAX_SHARDS || !digits.equals(Integer.toString(shard))) {
            throw new InvalidKeyException("shard", "is not a shard number");
        }
        return shard;
    }
}
