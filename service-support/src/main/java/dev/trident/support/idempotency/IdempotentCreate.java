package dev.trident.support.idempotency;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trident.keys.Timestamps;
import dev.trident.support.dynamo.Transaction;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.function.Function;

/**
 * One create sent with an Idempotency-Key, while it runs: the record it still has to write and how its answer derives
 * from the value it creates. The record joins each transaction that creates a value of the answer's type
 * ({@link IdempotentWrites}), carrying the answer as it will be sent, so the item and its record are written
 * together or not at all. The answer's entity is the exact JSON bytes stored, so the first answer and every replay
 * are the same bytes.
 *
 * @param <T> the type of the value the create makes (a profile, a post, a workspace...)
 */
final class IdempotentCreate<T> {

    private final ObjectMapper json;
    private final IdempotencyRecords.Pending pending;
    private final Class<T> created;
    private final Function<T, Response> answerOf;
    private volatile Response answer;

    IdempotentCreate(ObjectMapper json, IdempotencyRecords.Pending pending, Class<T> created,
            Function<T, Response> answerOf) {
        this.json = json;
        this.pending = pending;
        this.created = created;
        this.answerOf = answerOf;
    }

    /**
     * Adds the record to a transaction that creates a value of the answer's type, with the answer that value makes;
     * a transaction that creates none is left as it is. A create refused and tried again with a new value (another
     * transaction) carries the record again, with that value's answer.
     */
    void joinTo(Transaction transaction) {
        transaction.created(created).ifPresent(value -> {
            Response made = answerOf.apply(value);
            byte[] body = bytes(made.getEntity());
            URI location = made.getLocation();
            String locationPath = location == null ? null : location.getRawPath();
            String etag = made.getHeaderString(HttpHeaders.ETAG);
            Response.ResponseBuilder exact = Response.status(made.getStatus()).entity(body)
                    .type(MediaType.APPLICATION_JSON_TYPE);
            if (locationPath != null) {
                exact.location(URI.create(locationPath));
            }
            if (etag != null) {
                exact.header(HttpHeaders.ETAG, etag);
            }
            IdempotencyRecords.Stored record = new IdempotencyRecords.Stored(pending.key(), pending.fingerprint(),
                    made.getStatus(), new String(body, StandardCharsets.UTF_8), locationPath, etag,
                    pending.expiresAt(), Timestamps.format(Instant.ofEpochSecond(pending.now())));
            transaction.put(Idempotency.RECORD_ACTION, IdempotencyRecords.STORED.toItem(record),
                    IdempotencyRecords.absentOrExpired(pending.now()));
            answer = exact.build();
        });
    }

    /** The answer the last transaction that created the value carried, as sent. */
    Response answer() {
        Response made = answer;
        if (made == null) {
            throw new IllegalStateException("the create sent no transaction that creates a " + created.getName());
        }
        return made;
    }

    private byte[] bytes(Object entity) {
        try {
            return json.writeValueAsBytes(entity);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an answer entity is always writable", e);
        }
    }
}
