package dev.trident.bench.load;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Read amplification of the paged list routes, measured on the running workspace-service: for each list, pages
 * through it (up to {@code --pages} pages, after one unmeasured pass) one request at a time and reads the service's
 * own DynamoDB meters on {@code /q/metrics} before and after: Queries sent, items DynamoDB read (ScannedCount) and
 * capacity units, per page and per item returned. Nothing else may be calling the service meanwhile.
 *
 * <p>Usage: {@code ReadAmplification --workspace URL --token BEARER --pages N --out FILE}. Writes a Markdown table
 * to FILE and prints it.
 */
public final class ReadAmplification {
    private static final Pattern CURSOR = Pattern.compile("\"nextCursor\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern ITEM = Pattern.compile("\"workspaceId\"\\s*:");

    /** One list: its path and query, and the access pattern its Queries are counted under. */
    record Read(String name, String path, String query, String pattern) {
    }

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private final String authorization;

    private ReadAmplification(String base, String token) {
        this.base = base;
        this.authorization = "Bearer " + token;
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv);
        int pages = args.getInt("pages", 10);
        ReadAmplification r = new ReadAmplification(args.require("workspace"), args.require("token"));
        List<Read> reads = List.of(
                new Read("`" + Dataset.WIDE_WORKSPACE + "` projects, 16 shards, limit 100",
                        "/workspaces/" + Dataset.WIDE_WORKSPACE + "/projects", "limit=100", "workspace-projects"),
                new Read("`" + Dataset.SHARDED_WORKSPACE + "` projects, 4 shards, limit 20 (the wrk route)",
                        "/workspaces/" + Dataset.SHARDED_WORKSPACE + "/projects", "limit=20", "workspace-projects"),
                new Read("`" + Dataset.workspaceId(0) + "` projects, unsharded, limit 20",
                        "/workspaces/" + Dataset.workspaceId(0) + "/projects", "limit=20", "workspace-projects"),
                new Read("`/projects?status=ACTIVE`, 4 status shards, limit 100", "/projects",
                        "status=ACTIVE&limit=100", "projects-by-status"));
        List<String> table = new ArrayList<>();
        table.add("| list | pages | Queries/page | items read/page | items returned/page | read/returned "
                + "| capacity units/page | ms/page |");
        table.add("|---|---:|---:|---:|---:|---:|---:|---:|");
        for (Read read : reads) {
            r.pages(read, pages); // unmeasured: the JIT, the layout cache
            table.add(r.measure(read, pages));
        }
        String text = String.join("\n", table) + "\n";
        System.out.print(text);
        Files.writeString(Path.of(args.require("out")), text);
    }

    private String measure(Read read, int pages) throws IOException, InterruptedException {
        String before = get("/q/metrics");
        long t0 = System.nanoTime();
        int[] counted = pages(read, pages);
        double ms = (System.nanoTime() - t0) / 1e6;
        String after = get("/q/metrics");
        double queries = delta(before, after, "trident_dynamodb_requests_seconds_count",
                "operation=\"Query\",outcome=\"success\",pattern=\"" + read.pattern() + "\"");
        String series = "operation=\"Query\",pattern=\"" + read.pattern() + "\"";
        double itemsRead = delta(before, after, "trident_dynamodb_items_read_total", series);
        double units = delta(before, after, "trident_dynamodb_consumed_capacity_units_total", series);
        int n = counted[0];
        int returned = counted[1];
        return String.format(Locale.ROOT, "| %s | %d | %.1f | %.1f | %.1f | %.2f | %.2f | %.1f |", read.name(), n,
                queries / n, itemsRead / n, (double) returned / n, itemsRead / returned, units / n, ms / n);
    }

    /** Pages through a list, at most {@code max} pages; returns {pages, items returned}. */
    private int[] pages(Read read, int max) throws IOException, InterruptedException {
        String cursor = null;
        int pages = 0;
        int items = 0;
        do {
            String body = get(read.path() + "?" + read.query()
                    + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)));
            pages++;
            Matcher item = ITEM.matcher(body);
            while (item.find()) {
                items++;
            }
            Matcher next = CURSOR.matcher(body);
            cursor = next.find() ? next.group(1) : null;
        } while (cursor != null && pages < max);
        return new int[] {pages, items};
    }

    private String get(String pathAndQuery) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base + pathAndQuery))
                .timeout(Duration.ofSeconds(30)).header("Authorization", authorization).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("GET " + pathAndQuery + " -> " + response.statusCode() + " "
                    + response.body());
        }
        return response.body();
    }

    /** The change of one Prometheus sample between two scrapes (0 where absent). */
    private static double delta(String before, String after, String name, String labels) {
        return sample(after, name, labels) - sample(before, name, labels);
    }

    private static double sample(String scrape, String name, String labels) {
        String series = name + "{" + labels + "} ";
        for (String line : scrape.split("\n")) {
            if (line.startsWith(series)) {
                return Double.parseDouble(line.substring(series.length()).split(" ")[0]);
            }
        }
        return 0;
    }
}
