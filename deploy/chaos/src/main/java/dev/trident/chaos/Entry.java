package dev.trident.chaos;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * One line of the history: a request a client sent (its route, the ids it is about, the answer's status, Retry-After
 * and content type, when it was sent and answered), or a client's start, its end, or its death by an exception (named
 * in the note). Written as tab-separated text so
 * that a failed run can be read with grep and replayed by {@code check} alone.
 */
record Entry(String kind, int client, long seq, String op, String method, String path, Map<String, String> ids,
        int status, String retryAfter, String contentType, long startMs, long endMs, String idempotencyKey,
        String note, String phase) {

    static final String REQUEST = "request";
    static final String CLIENT_START = "client-start";
    static final String CLIENT_END = "client-end";
    static final String CLIENT_DIED = "client-died";
    /** No HTTP answer: the connection was refused, reset or closed before a status line arrived. */
    static final int CONNECTION_ERROR = -1;
    /** No HTTP answer within the client's own timeout. */
    static final int NO_ANSWER = -2;
    /** The phases of a run: the services warm up (no faults yet, answers not timed), then the faults run. */
    static final String WARM_UP = "warm-up";
    static final String FAULTS = "faults";

    boolean answered() {
        return status > 0;
    }

    boolean isSuccess() {
        return status >= 200 && status < 300;
    }

    boolean isClientError() {
        return status >= 400 && status < 500;
    }

    long latencyMs() {
        return endMs - startMs;
    }

    String id(String name) {
        return ids.get(name);
    }

    String toLine() {
        StringJoiner ids = new StringJoiner(",");
        this.ids.forEach((k, v) -> ids.add(k + "=" + v));
        return String.join("\t", kind, Integer.toString(client), Long.toString(seq), op, method, path,
                ids.length() == 0 ? "-" : ids.toString(), Integer.toString(status), dash(retryAfter),
                dash(contentType), Long.toString(startMs), Long.toString(endMs), dash(idempotencyKey), dash(note),
                phase);
    }

    static Entry parse(String line) {
        String[] f = line.split("\t", -1);
        Map<String, String> ids = new LinkedHashMap<>();
        if (!f[6].equals("-")) {
            for (String pair : f[6].split(",")) {
                int eq = pair.indexOf('=');
                ids.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        return new Entry(f[0], Integer.parseInt(f[1]), Long.parseLong(f[2]), f[3], f[4], f[5], ids,
                Integer.parseInt(f[7]), undash(f[8]), undash(f[9]), Long.parseLong(f[10]), Long.parseLong(f[11]),
                undash(f[12]), undash(f[13]), f[14]);
    }

    /** How a violation names the request: what a reader needs to find it in the history and in the services' logs. */
    String describe() {
        String answer = switch (status) {
            case CONNECTION_ERROR -> "connection error";
            case NO_ANSWER -> "no answer";
            default -> Integer.toString(status);
        };
        return String.format("[client %d #%d%s] %s %s %s -> %s%s in %d ms (sent %s)%s%s", client, seq,
                phase.equals(WARM_UP) ? " warm-up" : "", op, method, path, answer, retryAfter == null ? "" : " Retry-After " + retryAfter, latencyMs(),
                java.time.Instant.ofEpochMilli(startMs), idempotencyKey == null ? "" : " key " + idempotencyKey,
                note == null ? "" : " (" + note + ")");
    }

    private static String dash(String s) {
        if (s == null || s.isEmpty()) {
            return "-";
        }
        return s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }

    private static String undash(String s) {
        return s.equals("-") ? null : s;
    }
}
