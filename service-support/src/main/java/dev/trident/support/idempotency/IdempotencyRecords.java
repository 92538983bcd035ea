package dev.trident.support.idempotency;

import static dev.trident.keys.entity.StandardAttributes.CREATED_AT;
import static dev.trident.keys.entity.StandardAttributes.EXPIRES_AT;

import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableSchema;
import dev.trident.keys.entity.Attribute;
import dev.trident.keys.entity.EntitySchema;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The idempotency record, declared once: the request's fingerprint and the answer given to it. */
final class IdempotencyRecords {

    static final Attribute<String> FINGERPRINT = Attribute.string("fingerprint");
    static final Attribute<Integer> STATUS = Attribute.integer("status");
    /** The answer's body, the exact bytes (UTF-8 JSON) sent the first time. */
    static final Attribute<String> BODY = Attribute.string("body");
    /** The path of the Location header (made absolute against the replica that answers). */
    static final Attribute<String> LOCATION = Attribute.string("location");
    static final Attribute<String> ETAG = Attribute.string("etag");

    /** A record as read. */
    record Stored(ItemKey key, String fingerprint, int status, String body, String location, String etag,
            long expiresAt, String createdAt) {
    }

    /** What is known of a record before the answer exists. */
    record Pending(ItemKey key, String fingerprint, long now, long expiresAt) {
    }

    static final EntitySchema<Stored> STORED = EntitySchema.of(EntityType.IDEMPOTENCY, Stored::key)
            .attribute(FINGERPRINT, Stored::fingerprint)
            .attribute(STATUS, Stored::status)
            .attribute(BODY, Stored::body)
            .attribute(LOCATION, Stored::location)
            .attribute(ETAG, Stored::etag)
            .attribute(EXPIRES_AT, Stored::expiresAt)
            .attribute(CREATED_AT, Stored::createdAt)
            .reads(item -> new Stored(new ItemKey(item.get(TableSchema.PK).s(), item.get(TableSchema.SK).s()),
                    FINGERPRINT.read(item), STATUS.read(item, 0), BODY.read(item, ""), LOCATION.read(item),
                    ETAG.read(item), EXPIRES_AT.read(item, 0L), CREATED_AT.read(item)));

    /** A record may be written where there is none or where the one there has expired (TTL has not run yet). */
    static Condition absentOrExpired(long now) {
        return Conditions.or(Conditions.ITEM_NOT_EXISTS,
                Conditions.lessThan(TableSchema.EXPIRES_AT, AttributeValue.fromN(Long.toString(now))));
    }

    private IdempotencyRecords() {
    }
}
