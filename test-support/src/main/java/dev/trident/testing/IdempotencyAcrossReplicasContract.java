package dev.trident.testing;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Idempotency records live in the table, not in a replica: a create sent to one replica and sent again to another
 * replica of the same service is answered there from the record. Run from a {@code @QuarkusIntegrationTest} (the
 * packaged service is one replica); a second one is started from the same jar ({@link ServiceProcess}).
 */
public abstract class IdempotencyAcrossReplicasContract {

    /** One create: the caller (prerequisites made through the first replica), method, path and body. */
    public record Create(String callerId, String method, String path, String body, int createdStatus) {
    }

    protected abstract String module();

    protected abstract Create prepare();

    private static Response send(RequestSpecification replica, Create create, String key) {
        RequestSpecification request = replica.header("Authorization", Tokens.user(create.callerId()).bearer())
                .header("Idempotency-Key", key);
        if (create.body() != null) {
            request.contentType("application/json").body(create.body());
        }
        return request.request(create.method(), create.path());
    }

    @Test
    void aCreateAnsweredByOneReplicaIsReplayedByAnother() {
        try (ServiceProcess other = ServiceProcess.start(module(), Map.of())) {
            Create create = prepare();
            String key = "replica-" + UUID.randomUUID();
            Response first = send(given(), create, key);
            assertEquals(create.createdStatus(), first.statusCode(), first.asString());
            assertNull(first.header("Idempotent-Replayed"));
            Response replay = send(given().baseUri(other.url()), create, key);
            assertEquals(create.createdStatus(), replay.statusCode(), replay.asString());
            assertEquals("true", replay.header("Idempotent-Replayed"));
            assertArrayEquals(first.asByteArray(), replay.asByteArray());
            assertEquals(URI.create(first.header("Location")).getPath(), URI.create(replay.header("Location")).getPath());
            assertEquals(first.header("ETag"), replay.header("ETag"));
        }
    }
}
