package dev.trident.chaos;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sends one request to a service and writes it to the history, answered or not. A request without an answer (the
 * service was killed, or did not answer within {@link #CLIENT_TIMEOUT}) is recorded with no status, never retried
 * here: the workload decides what a client does next.
 */
final class Api {
    /** Far above the services' 2.5 s deadline: an answer this late is a violation, and its latency is still seen. */
    static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(10);

    /** A response: status (or {@link Entry#CONNECTION_ERROR} / {@link Entry#NO_ANSWER}), body, headers of note. */
    record Answer(int status, String body, String retryAfter, String etag, boolean replayed) {
        boolean ok() {
            return status >= 200 && status < 300;
        }

        /** A string field of a JSON answer (the ids the services generate), or null. */
        String field(String name) {
            if (body == null) {
                return null;
            }
            Matcher m = Pattern.compile("\"" + Pattern.quote(name) + "\"\\s*:\\s*\"([^\"]*)\"").matcher(body);
            return m.find() ? m.group(1) : null;
        }
    }

    private final Map<String, URI> services;
    private final HttpClient http;
    private final BufferedWriter history;
    private volatile String phase = Entry.WARM_UP;

    Api(Map<String, URI> services, BufferedWriter history) {
        this.services = services;
        this.history = history;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).build();
    }

    /**
     * Sends {@code method path} to {@code service} as the holder of {@code token}; {@code ids} name what the request is
     * about (the checks read them), {@code createdIdField} the field of a 2xx answer that holds the id the service
     * generated (added to the history's ids under {@code createdIdName}).
     */
    Answer send(int client, long seq, String op, String service, String method, String path, String token,
            String body, Map<String, String> ids, String idempotencyKey, String createdIdName, String createdIdField) {
        HttpRequest.Builder request = HttpRequest.newBuilder(services.get(service).resolve(path))
                .timeout(CLIENT_TIMEOUT)
                .header("Authorization", "Bearer " + token)
                .header("Accept", "application/json");
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        String phaseAtStart = phase;
        long start = System.currentTimeMillis();
        Answer answer;
        String contentType = null;
        String note = null;
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            contentType = response.headers().firstValue("Content-Type").orElse(null);
            answer = new Answer(response.statusCode(), response.body(),
                    response.headers().firstValue("Retry-After").orElse(null),
                    response.headers().firstValue("ETag").orElse(null),
                    response.headers().firstValue("Idempotent-Replayed").map("true"::equals).orElse(false));
            if (answer.replayed()) {
                note = "replayed";
            }
            if (answer.status() >= 500) {
                note = abbreviate(answer.body());
            }
        } catch (HttpTimeoutException e) {
            answer = new Answer(Entry.NO_ANSWER, null, null, null, false);
            note = e.toString();
        } catch (IOException e) {
            answer = new Answer(Entry.CONNECTION_ERROR, null, null, null, false);
            note = e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            answer = new Answer(Entry.NO_ANSWER, null, null, null, false);
            note = "interrupted";
        }
        long end = System.currentTimeMillis();
        Map<String, String> recorded = new LinkedHashMap<>(ids);
        if (createdIdName != null && answer.ok() && answer.field(createdIdField) != null) {
            recorded.put(createdIdName, answer.field(createdIdField));
        }
        record(new Entry(Entry.REQUEST, client, seq, op, method, service + ":" + path, recorded, answer.status(),
                answer.retryAfter(), contentType, start, end, idempotencyKey, note, phaseAtStart));
        return answer;
    }

    /** From now on, requests are of this phase. */
    void phase(String phase) {
        this.phase = phase;
    }

    String phase() {
        return phase;
    }

    void record(Entry entry) {
        synchronized (history) {
            try {
                history.write(entry.toLine());
                history.newLine();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static String abbreviate(String body) {
        if (body == null) {
            return null;
        }
        return body.length() <= 300 ? body : body.substring(0, 300) + "...";
    }
}
