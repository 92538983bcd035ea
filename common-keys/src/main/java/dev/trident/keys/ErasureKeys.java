package dev.trident.keys;

import static dev.trident.keys.KeyParts.USER_ID;

/** The key of an account's erasure record: {@code ERASURE#<userId>} / {@code ERASURE}. */
public final class ErasureKeys {
    static final KeyTemplate RECORD_PARTITION = KeyTemplate.of("ERASURE", USER_ID);
    /** The record of an account's erasure: id and progress only; expires 30 days after it is written. */
    static final EntityKeys ERASURE = EntityKeys.of(RECORD_PARTITION, KeyTemplate.of("ERASURE"));
    public static final String RECORD = ERASURE.sk().prefix();

    private ErasureKeys() {
    }

    /** {@code ERASURE#<userId>} / {@code ERASURE}. */
    public static ItemKey record(String userId) {
        return ERASURE.build(userId);
    }

    public static String parseRecordPk(String pk) {
        return RECORD_PARTITION.read("userId", pk).get(USER_ID);
    }
}
