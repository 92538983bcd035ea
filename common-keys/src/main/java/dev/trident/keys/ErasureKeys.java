package dev.trident.keys;

import static dev.trident.keys.EntityType.ERASURE;

/** The key of an account's erasure record: {@code ERASURE#<userId>} / {@code ERASURE}. */
public final class ErasureKeys {
    public static final String RECORD = ERASURE.sortKey();

    private ErasureKeys() {
    }

    /** {@code ERASURE#<userId>} / {@code ERASURE}. */
    public static ItemKey record(String userId) {
        return new ItemKey(ERASURE.pkPrefix() + Ids.require("userId", userId), RECORD);
    }

    public static String parseRecordPk(String pk) {
        return Keys.idAfter("userId", pk, ERASURE.pkPrefix());
    }
}
