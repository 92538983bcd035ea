package dev.trident.support.idempotency;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trident.keys.IdempotencyKeys;
import dev.trident.keys.ItemKey;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.problem.Problems;
import dev.trident.support.security.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.jboss.resteasy.reactive.server.core.CurrentRequestManager;
import org.jboss.resteasy.reactive.server.core.ResteasyReactiveRequestContext;
import org.jboss.resteasy.reactive.server.mapping.RuntimeResource;

/**
 * Creates that a client may send again safely (the {@code Idempotency-Key} header). The answer of the first request
 * is stored in an idempotency record written in the same transaction as the item it created, so either both exist or
 * neither; a later request with the same key (same caller, same route) is answered from the record without writing.
 * The record is read before any work (GetItem, strongly consistent) and again when the create fails (another request
 * with the key may have won the race). A record past {@code expiresAt} is absent, also before TTL deletes it.
 *
 * <p>The request's fingerprint is the SHA-256 of the method, the path and the body as the app's ObjectMapper writes
 * the parsed request DTO back (field order and whitespace of the client's JSON do not matter; unknown fields are
 * refused before this by the strict JSON rules).
 */
@ApplicationScoped
public class Idempotency {

    public static final String HEADER = "Idempotency-Key";
    public static final String REPLAYED = "Idempotent-Replayed";
    /** The transaction action that writes the record, as {@code WriteRefused} names it. */
    public static final String RECORD_ACTION = "idempotency-record";
    public static final int MAX_KEY_LENGTH = 255;
    /** What the OpenAPI document says of the header on every create. */
    public static final String HEADER_DOC = "Optional; 1..255 printable ASCII characters, scoped to the caller and "
            + "the route. The same key and request again within 24 h answers the first answer again (byte for byte, "
            + "with Idempotent-Replayed: true) and writes nothing; the same key with another request is a 422; while "
            + "the first is still being written, a 409 with Retry-After.";
    static final Duration LIFETIME = Duration.ofHours(24);
    private static final Pattern REPEATED_SLASHES = Pattern.compile("/{2,}");


    private final DynamoTable table;
    private final ObjectMapper json;
    private final Clock clock;
    private final IdempotentWrites writes;

    Idempotency(DynamoTable table, ObjectMapper json, Clock clock, IdempotentWrites writes) {
        this.table = table;
        this.json = json;
        this.clock = clock;
        this.writes = writes;
    }

    /**
     * Runs a create under the caller's {@code Idempotency-Key} ({@code keyHeader}; null: no key, the create runs as
     * it always did) on the route being served. {@code body} is the parsed request body (null for none),
     * {@code create} makes the value, of type {@code created}, in one transaction, and {@code answer} is the answer
     * that value makes. With a key, the record of that answer joins the create's transaction
     * ({@link IdempotentWrites}); the route (method and path template) and the path as sent are the request's.
     */
    public <T> Uni<Response> create(Caller caller, String keyHeader, Object body, Class<T> created,
            Function<T, Response> answer, Supplier<Uni<T>> create) {
        if (keyHeader == null) {
            return create.get().map(answer);
        }
        String key = validKey(keyHeader);
        ResteasyReactiveRequestContext request = CurrentRequestManager.get();
        ItemKey recordKey = IdempotencyKeys.record(caller.userId(), route(request), key);
        String fingerprint = fingerprint(request.getMethod(), request.getPath(), body);
        return stored(recordKey).chain(found -> {
            if (found != null) {
                return Uni.createFrom().item(answerFrom(found, fingerprint));
            }
            long now = clock.instant().getEpochSecond();
            IdempotentCreate<T> call = new IdempotentCreate<>(json, new IdempotencyRecords.Pending(recordKey,
                    fingerprint, now, now + LIFETIME.toSeconds()), created, answer);
            writes.start(call);
            // A failed create may still have been written (or a twin with the same key won): read the record back.
            // When that read fails too (the request's time spent on retries), the create's own failure is the answer.
            return create.get().map(value -> call.answer()).onFailure().recoverWithUni(failure -> stored(recordKey)
                    .onFailure().recoverWithNull()
                    .chain(again -> again == null
                            ? Uni.createFrom().<Response>failure(failure)
                            : Uni.createFrom().item(answerFrom(again, fingerprint))));
        });
    }

    /**
     * The matched route as {@code METHOD /template} ({@code POST /users/{userId}/posts}): the record's scope, so a
     * key reused on another route is another record.
     */
    static String route(ResteasyReactiveRequestContext request) {
        RuntimeResource target = request.getTarget();
        String template = (target.getClassPath() == null ? "" : target.getClassPath().template)
                + (target.getPath() == null ? "" : target.getPath().template);
        String path = REPEATED_SLASHES.matcher("/" + template).replaceAll("/");
        if (path.length() > 1 && path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return target.getHttpMethod() + " " + path;
    }

    /** The header's value, or a 400 when it is not 1..255 printable ASCII characters. */
    static String validKey(String header) {
        if (header.isEmpty() || header.length() > MAX_KEY_LENGTH
                || !header.chars().allMatch(c -> c >= 0x20 && c <= 0x7e)) {
            throw ProblemException.badRequest(HEADER, "must be 1.." + MAX_KEY_LENGTH + " printable ASCII characters");
        }
        return header;
    }

    /** SHA-256 of method, path and the body as the ObjectMapper writes it, each part length-prefixed. */
    String fingerprint(String method, String path, Object body) {
        try {
            byte[] canonicalBody = body == null ? new byte[0] : json.writeValueAsBytes(body);
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (byte[] part : new byte[][] {method.getBytes(StandardCharsets.UTF_8),
                    path.getBytes(StandardCharsets.UTF_8), canonicalBody}) {
                sha.update(Integer.toString(part.length).getBytes(StandardCharsets.US_ASCII));
                sha.update((byte) ':');
                sha.update(part);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a parsed request body is always writable", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }

    /** The live record under the key: GetItem, strongly consistent; null when there is none or it has expired. */
    private Uni<IdempotencyRecords.Stored> stored(ItemKey recordKey) {
        return table.get(IdempotencyKeys.IDEMPOTENCY_RECORD, IdempotencyRecords.STORED, recordKey)
                .map(found -> found == null || found.expiresAt() <= clock.instant().getEpochSecond() ? null : found);
    }

    /** The stored answer again, or 422 when the key was used for another request. */
    private static Response answerFrom(IdempotencyRecords.Stored record, String fingerprint) {
        if (!record.fingerprint().equals(fingerprint)) {
            return Problems.response(Problems.problem("idempotency-key-reused", "Idempotency key reused", 422,
                    "this Idempotency-Key was used for another request (method, path or body)"), null);
        }
        Response.ResponseBuilder replay = Response.status(record.status())
                .entity(record.body().getBytes(StandardCharsets.UTF_8))
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header(REPLAYED, "true");
        if (record.location() != null) {
            replay.location(URI.create(record.location()));
        }
        if (record.etag() != null) {
            replay.header(HttpHeaders.ETAG, record.etag());
        }
        return replay.build();
    }
}
