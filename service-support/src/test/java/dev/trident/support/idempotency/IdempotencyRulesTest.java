package dev.trident.support.idempotency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trident.support.problem.ProblemException;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdempotencyRulesTest {

    record Body(String title, String body) {
    }

    private final Idempotency idempotency = new Idempotency(null, new ObjectMapper(), Clock.systemUTC(), null);

    @Test
    void aKeyIsOneTo255PrintableAsciiCharacters() {
        assertEquals("a", Idempotency.validKey("a"));
        assertEquals("k".repeat(255), Idempotency.validKey("k".repeat(255)));
        assertEquals(" ~!\"#", Idempotency.validKey(" ~!\"#"));
        for (String bad : List.of("", "k".repeat(256), "tab\there", "caf\u00e9", "nul\u0000", "del\u007f")) {
            ProblemException refused = assertThrows(ProblemException.class, () -> Idempotency.validKey(bad), bad);
            assertEquals(400, refused.status());
            assertEquals(Idempotency.HEADER, refused.toProblem().errors().get(0).field());
        }
    }

    @Test
    void theFingerprintCoversMethodPathAndBodyAndIgnoresNothingElse() {
        String fingerprint = idempotency.fingerprint("POST", "/users/a/posts", new Body("t", "b"));
        assertEquals(fingerprint, idempotency.fingerprint("POST", "/users/a/posts", new Body("t", "b")));
        assertNotEquals(fingerprint, idempotency.fingerprint("PUT", "/users/a/posts", new Body("t", "b")));
        assertNotEquals(fingerprint, idempotency.fingerprint("POST", "/users/b/posts", new Body("t", "b")));
        assertNotEquals(fingerprint, idempotency.fingerprint("POST", "/users/a/posts", new Body("t", "c")));
        assertNotEquals(fingerprint, idempotency.fingerprint("POST", "/users/a/posts", null));
        // Parts are length-prefixed: moving text from the path into the method is another request.
        assertNotEquals(idempotency.fingerprint("POST", "/x", null), idempotency.fingerprint("POST/", "x", null));
        assertEquals(64, fingerprint.length());
    }
}
