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

/**
 * One create, with or without an Idempotency-Key: {@link #record} takes the answer before anything is written and
 * returns the part to add to the create's transaction (nothing without a key); {@link #answer()} is that answer. With
 * a key, the answer's entity is the exact JSON bytes stored, so the first answer and every replay are the same bytes.
 */
public final class IdempotentCreate {

    private final ObjectMapper json;
    private final IdempotencyRecords.Pending pending;
    private Response answer;

    IdempotentCreate(ObjectMapper json, IdempotencyRecords.Pending pending) {
        this.json = json;
        this.pending = pending;
    }

    static IdempotentCreate without() {
        return new IdempotentCreate(null, null);
    }

    /** Keeps the answer (serialised now when there is a key) and returns the record's part of the transaction. */
    public Transaction.Part record(Response created) {
        if (pending == null) {
            answer = created;
            return Transaction.Part.NONE;
        }
        byte[] body;
        try {
            body = json.writeValueAsBytes(created.getEntity());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an answer entity is always writable", e);
        }
        URI location = created.getLocation();
        String locationPath = location == null ? null : location.getRawPath();
        String etag = created.getHeaderString(HttpHeaders.ETAG);
        Response.ResponseBuilder exact = Response.status(created.getStatus()).entity(body)
                .type(MediaType.APPLICATION_JSON_TYPE);
        if (locationPath != null) {
            exact.location(URI.create(locationPath));
        }
        if (etag != null) {
            exact.header(HttpHeaders.ETAG, etag);
        }
        answer = exact.build();
        IdempotencyRecords.Stored record = new IdempotencyRecords.Stored(pending.key(), pending.fingerprint(),
                created.getStatus(), new String(body, StandardCharsets.UTF_8), locationPath, etag, pending.expiresAt(),
                Timestamps.format(Instant.ofEpochSecond(pending.now())));
        return transaction -> transaction.put(Idempotency.RECORD_ACTION, IdempotencyRecords.STORED.toItem(record),
                IdempotencyRecords.absentOrExpired(pending.now()));
    }

    /** The answer given to {@link #record}, as sent. */
    public Response answer() {
        if (answer == null) {
            throw new IllegalStateException("record(answer) comes before answer()");
        }
        return answer;
    }
}
