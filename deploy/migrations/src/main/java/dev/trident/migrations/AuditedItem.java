package dev.trident.migrations;

import dev.trident.keys.DecodedKey;
import dev.trident.keys.EntityType;
import dev.trident.keys.ErasureKeys;
import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.ItemKey;
import dev.trident.keys.KeyDecoder;
import dev.trident.keys.TableSchema;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One scanned item: its key, what the key decoder makes of it (null when nothing: {@code unknownKey}, with the
 * reason), its {@code createdAt} as an instant (null when absent or not ISO-8601), and the projected attributes.
 * Decoded once, on the Scan's threads.
 */
record AuditedItem(ItemKey key, DecodedKey decoded, String undecodable, Instant createdAt,
        Map<String, AttributeValue> attributes) {

    static AuditedItem of(Map<String, AttributeValue> item) {
        ItemKey key = ItemKey.of(item);
        Instant createdAt = instant(item.get(TableSchema.CREATED_AT));
        try {
            DecodedKey decoded = KeyDecoder.decode(key);
            // The decoder reads this one by prefix only; its own parser holds it to the grammar.
            if (decoded.type() == EntityType.ERASURE) {
                ErasureKeys.parseRecordPk(key.pk());
            }
            return new AuditedItem(key, decoded, null, createdAt, item);
        } catch (InvalidKeyException e) {
            return new AuditedItem(key, null, e.getMessage(), createdAt, item);
        }
    }

    EntityType type() {
        return decoded == null ? null : decoded.type();
    }

    /** A named part of the key ({@link KeyDecoder}'s part names). */
    String part(String name) {
        return decoded.parts().get(name);
    }

    /** A string attribute, null when absent or not a string. */
    String text(String name) {
        AttributeValue value = attributes.get(name);
        return value == null ? null : value.s();
    }

    /** A number attribute, null when absent or not a whole number. */
    Long number(String name) {
        AttributeValue value = attributes.get(name);
        if (value == null || value.n() == null) {
            return null;
        }
        try {
            return Long.valueOf(value.n());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Instant instant(AttributeValue text) {
        try {
            return text == null || text.s() == null ? null : Instant.parse(text.s());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** {@code PK/SK}, as every report line names an item. */
    String name() {
        return key.pk() + "/" + key.sk();
    }

    @Override
    public String toString() {
        return name();
    }
}
