package dev.trident.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trident.faults.FaultControl;
import java.io.BufferedWriter;
import java.io.Writer;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * deploy/mix.sh's Java side: runs the everyday mix ({@link EverydayMix}) for each population given, with the fault
 * proxy's ledger on, and prints where the write units went: the hottest partitions of the table and of each index
 * with their share of all write units, and the units per logical operation.
 * <pre>
 *   Mix --social URL --enrollment URL --workspace URL --jwt-dir DIR --fault-proxy URL
 *       [--users 60,120] [--clients 6] [--seed 1] [--max-share 0.02] [--min-fall 0.1] [--top 8]
 *       [--write-measurement FILE] [--compare FILE] [--tolerance 0.3]
 * </pre>
 * Exits 1 when, at the largest population, a partition took more than {@code --max-share} of all write units, when
 * the hottest share did not fall by at least {@code --min-fall} (relative) from one population to the next (a
 * partition whose share is fixed only wobbles), or when the units per operation differ from the committed
 * measurement ({@code --compare}) beyond the tolerance. {@code --write-measurement} writes the largest run's units.
 */
public final class Mix {

    private static final long QUIET_MS = 3_000;
    private static final long DRAIN_LIMIT_MS = 90_000;
    /** An operation measured fewer times than this is too noisy to compare (an erasure or two). */
    private static final long MIN_COMPARED = 20;

    private Mix() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                System.err.println("expected --name value, got " + args[i]);
                System.exit(2);
            }
            o.put(args[i].substring(2), args[i + 1]);
        }
        Map<String, URI> services = Map.of("social", URI.create(o.get("social")),
                "enrollment", URI.create(o.get("enrollment")), "workspace", URI.create(o.get("workspace")));
        FaultControl proxy = FaultControl.of(URI.create(o.get("fault-proxy")));
        Tokens tokens = new Tokens(Path.of(o.get("jwt-dir")));
        int clients = Integer.parseInt(o.getOrDefault("clients", "6"));
        long seed = Long.parseLong(o.getOrDefault("seed", "1"));
        double maxShare = Double.parseDouble(o.getOrDefault("max-share", "0.02"));
        int top = Integer.parseInt(o.getOrDefault("top", "8"));
        double minFall = Double.parseDouble(o.getOrDefault("min-fall", "0.1"));
        List<Integer> populations = new ArrayList<>();
        for (String n : o.getOrDefault("users", "60,120").split(",")) {
            populations.add(Integer.parseInt(n.trim()));
        }

        Api api = new Api(services, new BufferedWriter(Writer.nullWriter()));
        List<String> failures = new ArrayList<>();
        Map<Integer, Double> hottest = new TreeMap<>();
        Measurement largest = null;
        int largestUsers = 0;
        for (int users : populations) {
            drain(proxy);
            proxy.ledger(true).resetLedger();
            long started = System.currentTimeMillis();
            Map<EverydayMix.Op, Long> done = new EverydayMix(api, tokens, "m" + users + "s" + seed, users, seed)
                    .run(clients);
            drain(proxy);
            Map<String, Long> counts = new TreeMap<>();
            done.forEach((op, n) -> counts.put(op.key(), n));
            Measurement m = new Measurement(proxy.ledgerEntries(), counts);
            print(users, m, counts, top, System.currentTimeMillis() - started);
            compareWithLocal(proxy.ledgerReport());
            hottest.put(users, m.hottestShare());
            if (users >= largestUsers) {
                largest = m;
                largestUsers = users;
            }
        }
        proxy.ledger(false);

        double atLargest = hottest.get(largestUsers);
        if (atLargest > maxShare) {
            failures.add(String.format(Locale.ROOT, "at %d users a partition took %.2f%% of all write units (at most"
                    + " %.2f%% allowed)", largestUsers, 100 * atLargest, 100 * maxShare));
        }
        Integer previous = null;
        for (int users : hottest.keySet()) {
            if (previous != null && !(hottest.get(users) <= (1 - minFall) * hottest.get(previous))) {
                failures.add(String.format(Locale.ROOT, "the hottest share did not fall by %.0f%% from %d to %d"
                        + " users: %.2f%% then %.2f%%", 100 * minFall, previous, users, 100 * hottest.get(previous),
                        100 * hottest.get(users)));
            }
            previous = users;
        }
        if (o.containsKey("write-measurement")) {
            Path file = Path.of(o.get("write-measurement"));
            largest.write(file, "Everyday mix of " + largestUsers + " users, seed " + seed + ".");
            System.out.println("wrote " + file);
        }
        if (o.containsKey("compare")) {
            Measurement.Stored stored = Measurement.Stored.read(Path.of(o.get("compare")));
            List<String> differences = largest.differences(stored,
                    Double.parseDouble(o.getOrDefault("tolerance", "0.3")), MIN_COMPARED);
            differences.forEach(d -> failures.add("the committed measurement is out of date: " + d));
            if (differences.isEmpty()) {
                System.out.println("the committed measurement " + o.get("compare") + " matches this run");
            }
        }
        System.out.println();
        if (failures.isEmpty()) {
            System.out.println("PASS: hottest shares " + format(hottest));
        } else {
            System.out.println("FAIL: hottest shares " + format(hottest));
            failures.forEach(f -> System.out.println("  " + f));
        }
        System.exit(failures.isEmpty() ? 0 : 1);
    }

    private static String format(Map<Integer, Double> hottest) {
        StringBuilder s = new StringBuilder();
        hottest.forEach((users, share) -> s.append(String.format(Locale.ROOT, "%s%d users %.2f%%",
                s.length() == 0 ? "" : ", ", users, 100 * share)));
        return s.toString();
    }

    /** Waits until the ledger stops growing (the pending work the mix left is done), at most a while. */
    private static void drain(FaultControl proxy) throws InterruptedException {
        if (!Boolean.TRUE.equals(proxy.settings().get("ledger"))) {
            Thread.sleep(QUIET_MS);
            return;
        }
        long deadline = System.currentTimeMillis() + DRAIN_LIMIT_MS;
        double last = -1;
        long quietSince = System.currentTimeMillis();
        while (System.currentTimeMillis() < deadline) {
            double now = proxy.ledgerReport().path("writeUnits").asDouble();
            if (now != last) {
                last = now;
                quietSince = System.currentTimeMillis();
            } else if (System.currentTimeMillis() - quietSince >= QUIET_MS) {
                return;
            }
            Thread.sleep(500);
        }
    }

    /**
     * Per access pattern, the units the ledger counted against those DynamoDB Local reported in ConsumedCapacity:
     * Local rounds differently (it bills a transaction's writes once and no index write of a transaction, for one),
     * so the ledger's figures, by DynamoDB's documented rules, are the ones the plan uses.
     */
    private static void compareWithLocal(JsonNode report) {
        Map<String, double[]> byPattern = new TreeMap<>();
        for (JsonNode e : report.path("entries")) {
            byPattern.computeIfAbsent(e.path("pattern").asText(), k -> new double[2])[0] +=
                    e.path("writeUnits").asDouble() + e.path("readUnits").asDouble();
        }
        report.path("reported").properties().forEach(p -> p.getValue().properties().forEach(t ->
                byPattern.computeIfAbsent(p.getKey(), k -> new double[2])[1] += t.getValue().asDouble()));
        double[] total = new double[2];
        StringBuilder differing = new StringBuilder();
        byPattern.forEach((pattern, units) -> {
            total[0] += units[0];
            total[1] += units[1];
            if (Math.abs(units[0] - units[1]) > Math.max(1, 0.05 * units[0])) {
                differing.append(String.format(Locale.ROOT, "    %-28s ledger %8.1f  DynamoDB Local %8.1f%n", pattern,
                        units[0], units[1]));
            }
        });
        System.out.printf(Locale.ROOT, "capacity units, ledger (DynamoDB's rules) against DynamoDB Local's"
                + " ConsumedCapacity: %.0f and %.0f; patterns that differ by more than 5%%:%n%s", total[0], total[1],
                differing.length() == 0 ? "    none\n" : differing);
    }

    private static void print(int users, Measurement m, Map<String, Long> counts, int top, long millis) {
        double total = m.totalWriteUnits();
        long writes = m.logicalWrites();
        System.out.printf(Locale.ROOT, "%n=== %d users: %d logical writes, %.0f write units (%.2f per write), %.0f s%n",
                users, writes, total, writes == 0 ? 0 : total / writes, millis / 1000.0);
        System.out.println("operations: " + counts);
        System.out.println("hottest partitions (share of all write units):");
        List<Measurement.Partition> partitions = m.partitions();
        Map<String, Integer> shown = new HashMap<>();
        for (Measurement.Partition p : partitions) {
            // The hottest few overall, and the hottest of each target, so every index shows.
            int n = shown.merge(p.target(), 1, Integer::sum);
            if (n == 1 || partitions.indexOf(p) < top) {
                System.out.printf(Locale.ROOT, "  %6.2f%%  %7.1f WCU  %-5s %-32s %s%n", 100 * p.writeUnits() / total,
                        p.writeUnits(), p.target(), p.family(), p.partition());
            }
        }
        System.out.println("units per operation (write/read, by target and family):");
        String op = null;
        for (Measurement.Row r : m.rows()) {
            if (r.writeUnits() < 0.005 && r.readUnits() < 0.005) {
                continue;
            }
            if (!r.op().equals(op)) {
                op = r.op();
                System.out.println("  " + op + (op.equals(Measurement.OTHER) ? " (per logical write)" : ""));
            }
            System.out.printf(Locale.ROOT, "    %-5s %-30s %7.3f W %7.3f R%n", r.target(), r.family(), r.writeUnits(),
                    r.readUnits());
        }
    }
}
