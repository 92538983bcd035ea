package dev.trident.keys.entity;

import dev.trident.keys.TableSchema;

/** The attributes every versioned entity carries. */
public final class StandardAttributes {

    /** Optimistic-locking counter: 1 on create, +1 on every change; the ETag is derived from it. */
    public static final Attribute<Long> VERSION = Attribute.number(TableSchema.VERSION);
    /** ISO-8601 instant of the create. */
    public static final Attribute<String> CREATED_AT = Attribute.string(TableSchema.CREATED_AT);
    /** ISO-8601 instant of the last change. */
    public static final Attribute<String> UPDATED_AT = Attribute.string(TableSchema.UPDATED_AT);
    /** Epoch seconds after which the table's TTL may delete the item. */
    public static final Attribute<Long> EXPIRES_AT = Attribute.number(TableSchema.EXPIRES_AT);

    private StandardAttributes() {
    }
}
