package dev.trident.support.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.Test;

class ResponsesTest {

    @Test
    void aNotStoredAnswerKeepsItsStatusEntityAndETagAndForbidsCaching() {
        Response response = Responses.notStored(Responses.created(Responses.uri("/things/{id}", "a 1"), "x", 3));
        assertEquals(201, response.getStatus());
        assertEquals("x", response.getEntity());
        assertEquals("/things/a%201", response.getLocation().toString());
        assertEquals(ETags.of(3), response.getHeaderString(HttpHeaders.ETAG));
        assertEquals("no-store", response.getHeaderString(HttpHeaders.CACHE_CONTROL));
    }
}
