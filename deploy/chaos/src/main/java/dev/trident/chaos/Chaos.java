package dev.trident.chaos;

import dev.trident.faults.FaultControl;
import java.io.BufferedWriter;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * deploy/chaos.sh's Java side, three commands:
 * <pre>
 *   load  --social URL --enrollment URL --workspace URL --jwt-dir DIR --history FILE
 *         [--warm-up 10] [--warm-up-done FILE] [--duration 120] [--clients 8] [--seed N] [--think-ms 40]
 *   drain --endpoint URL --table NAME [--timeout 180]
 *   check --endpoint URL --table NAME --history FILE --faults FILE [--answer-limit-ms 3500]
 *         [--restart-warm-up-ms 10000] [--clients 8] [--min-creates N] [--min-deletes N] [--fault-proxy URL] [--audit-output FILE --audit-status N]
 * </pre>
 * {@code load} runs the clients and writes the history: first a warm-up (the services' JIT has not compiled
 * anything yet; no faults, answers not timed), then the run proper (it creates {@code --warm-up-done} when it starts,
 * the signal for the faults); a client thread that dies by an exception is written to the history as such.
 * {@code drain} waits until no pending work is left: the pending-work partitions empty, every erasure record DONE, no
 * post deletion recorded. {@code check} gives the verdict ({@link Check}): it prints the counts, the minimums and
 * every violation, and exits 1 on any. The endpoint is DynamoDB Local itself, never the fault proxy in front of it.
 */
public final class Chaos {

    /**
     * The least a run of the default length (120 s, 8 clients) checks against the table, unless told otherwise. The
     * small id pools bound both counts (an erasure excuses every post of its user, a create again every deletion of
     * its id), so they grow little with the run's length: on a loaded 2-core machine a 60 s run checked about 20
     * creates and 14 deletes.
     */
    static final int DEFAULT_MIN_CREATES = 10;
    static final int DEFAULT_MIN_DELETES = 5;
    /** How long {@code load} waits past the run's end for a client thread still busy: a few client timeouts. */
    static final long CLIENT_GRACE_MS = 4 * Api.CLIENT_TIMEOUT.toMillis();

    private Chaos() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            usage();
        }
        Map<String, String> options = options(args);
        int status = switch (args[0]) {
            case "load" -> load(options);
            case "drain" -> drain(options);
            case "check" -> check(options);
            default -> usage();
        };
        System.exit(status);
    }

    private static int usage() {
        System.err.println("usage: Chaos load|drain|check --option value ... (see the class comment)");
        System.exit(2);
        return 2;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 1; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                System.err.println("expected --name value, got " + args[i]);
                System.exit(2);
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            System.err.println("--" + name + " is required");
            System.exit(2);
        }
        return value;
    }

    private static int load(Map<String, String> o) throws Exception {
        Map<String, URI> services = Map.of(
                "social", URI.create(required(o, "social")),
                "enrollment", URI.create(required(o, "enrollment")),
                "workspace", URI.create(required(o, "workspace")));
        int duration = Integer.parseInt(o.getOrDefault("duration", "120"));
        int clients = Integer.parseInt(o.getOrDefault("clients", "8"));
        long seed = Long.parseLong(o.getOrDefault("seed", "1"));
        int thinkMs = Integer.parseInt(o.getOrDefault("think-ms", "40"));
        int warmUp = Integer.parseInt(o.getOrDefault("warm-up", "10"));
        Tokens tokens = new Tokens(Path.of(required(o, "jwt-dir")));
        try (BufferedWriter history = Files.newBufferedWriter(Path.of(required(o, "history")),
                StandardCharsets.UTF_8)) {
            Api api = new Api(services, history);
            Workload.setUp(api, tokens);
            Workload.World world = new Workload.World();
            long warmUpEnd = System.currentTimeMillis() + warmUp * 1_000L;
            long deadline = warmUpEnd + duration * 1_000L;
            List<Thread> threads = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                Workload client = new Workload(c, seed, api, tokens, world);
                int number = c;
                Thread t = new Thread(() -> {
                    try {
                        client.run(deadline, thinkMs);
                    } catch (Throwable failure) {
                        // The verdict reports it: a client that stopped early sends less than the run claims.
                        System.err.println("client " + number + " died: " + failure);
                        failure.printStackTrace();
                        client.died(failure);
                    }
                }, "chaos-client-" + c);
                t.start();
                threads.add(t);
            }
            Workload.pause(warmUpEnd - System.currentTimeMillis());
            api.phase(Entry.FAULTS);
            if (o.containsKey("warm-up-done")) {
                Files.writeString(Path.of(o.get("warm-up-done")), "");
            }
            System.out.println("warm-up done");
            for (Thread t : threads) {
                t.join(Math.max(1, deadline + CLIENT_GRACE_MS - System.currentTimeMillis()));
                if (t.isAlive()) {
                    // Left running (the JVM exits anyway): its missing end is a violation of the verdict.
                    System.err.println(t.getName() + " still busy " + CLIENT_GRACE_MS / 1000 + " s after the run");
                }
            }
        }
        System.out.println("clients done");
        return 0;
    }

    private static int drain(Map<String, String> o) {
        long timeoutMs = Long.parseLong(o.getOrDefault("timeout", "180")) * 1_000L;
        long start = System.currentTimeMillis();
        try (Table table = new Table(required(o, "endpoint"), required(o, "table"))) {
            while (true) {
                Map<String, List<String>> pending = pending(table);
                if (pending.isEmpty()) {
                    System.out.printf("pending work drained in %.1f s%n", (System.currentTimeMillis() - start) / 1e3);
                    return 0;
                }
                if (System.currentTimeMillis() - start > timeoutMs) {
                    System.out.println("pending work NOT drained after " + timeoutMs / 1000 + " s: " + pending);
                    return 1;
                }
                Workload.pause(1_000);
            }
        }
    }

    /**
     * The pending work left: tasks in {@code WORK#<service>#<shard>} (or the legacy {@code WORK#<service>}), erasure
     * records not DONE, recorded post deletions of the users the clients name (the only ones that can have any). Empty
     * when all is done.
     */
    private static Map<String, List<String>> pending(Table table) {
        Map<String, List<String>> pending = new TreeMap<>();
        for (String service : Table.WORK_SERVICES) {
            List<String> tasks = table.pendingTasks(service);
            if (!tasks.isEmpty()) {
                pending.put(service, tasks);
            }
        }
        List<String> erasures = new ArrayList<>();
        List<String> postDeletions = new ArrayList<>();
        for (String user : Workload.allUsers()) {
            String status = table.erasureStatus(user);
            if (status != null && !status.equals(Table.ERASURE_DONE)) {
                erasures.add(user + " " + status);
            }
            table.postDeletions(user).forEach(sk -> postDeletions.add(user + " " + sk));
        }
        if (!erasures.isEmpty()) {
            pending.put("erasure", erasures);
        }
        if (!postDeletions.isEmpty()) {
            pending.put("post deletion", postDeletions);
        }
        return pending;
    }

    private static int check(Map<String, String> o) throws IOException {
        List<Entry> history = Files.readAllLines(Path.of(required(o, "history")), StandardCharsets.UTF_8).stream()
                .filter(line -> !line.isBlank()).map(Entry::parse).toList();
        Path faultsFile = Path.of(required(o, "faults"));
        List<String> faults = Files.exists(faultsFile) ? Files.readAllLines(faultsFile) : List.of();
        long limit = Long.parseLong(o.getOrDefault("answer-limit-ms", "3500"));
        long restartWarmUpMs = Long.parseLong(o.getOrDefault("restart-warm-up-ms", "10000"));
        int clients = Integer.parseInt(o.getOrDefault("clients", "8"));
        Check.Minimums minimums = new Check.Minimums(1, 1, 1, 1,
                Integer.parseInt(o.getOrDefault("min-creates", Integer.toString(DEFAULT_MIN_CREATES))),
                Integer.parseInt(o.getOrDefault("min-deletes", Integer.toString(DEFAULT_MIN_DELETES))));
        Map<String, Long> proxyCounters = proxyCounters(o.get("fault-proxy"));
        List<String> auditLines = List.of();
        int auditStatus = Integer.parseInt(o.getOrDefault("audit-status", "-1"));
        if (o.containsKey("audit-output") && Files.exists(Path.of(o.get("audit-output")))) {
            auditLines = Files.readAllLines(Path.of(o.get("audit-output"))).stream().filter(l -> !l.isBlank())
                    .toList();
        }
        Check check = new Check(history, faults, limit, restartWarmUpMs, clients, minimums);
        try (Table table = new Table(required(o, "endpoint"), required(o, "table"))) {
            check.checkAll(table, proxyCounters, pending(table), auditStatus, auditLines);
        }

        // Violations, grouped by rule, the first ones of each in full.
        Map<String, List<Check.Violation>> byRule = new LinkedHashMap<>();
        for (Check.Violation v : check.violations()) {
            byRule.computeIfAbsent(v.rule(), k -> new ArrayList<>()).add(v);
        }
        int shownPerRule = Integer.parseInt(o.getOrDefault("show", "15"));
        byRule.forEach((rule, list) -> {
            System.out.println("VIOLATION x" + list.size() + ": " + rule);
            for (Check.Violation v : list.subList(0, Math.min(shownPerRule, list.size()))) {
                System.out.println("  " + v.subject());
                List<Entry> shown = v.requests().stream()
                        .sorted(java.util.Comparator.comparingLong(Entry::startMs)).toList();
                int from = Math.max(0, shown.size() - 6);
                if (from > 1) {
                    System.out.println("      " + shown.get(0).describe());
                    System.out.println("      ... " + (from - 1) + " more");
                }
                for (Entry r : shown.subList(from == 1 ? 0 : from, shown.size())) {
                    System.out.println("      " + r.describe());
                }
            }
            if (list.size() > shownPerRule) {
                System.out.println("  ... and " + (list.size() - shownPerRule) + " more");
            }
        });
        int violations = check.violations().size();

        System.out.println("=== chaos: counts");
        System.out.printf("requests          %d (clients' start to end)%n", check.requestCount());
        System.out.println("by status         " + check.byStatus());
        System.out.printf("no answer         %d while their service was killed (not answers)%n",
                check.expectedConnectionErrors());
        System.out.printf("warming up        %d answers of a restarted service within %.0f s of its first ready "
                + "answer, not timed (the slowest in %d ms)%n", check.untimedWhileWarmingUp(), restartWarmUpMs / 1e3,
                check.slowestWhileWarmingUpMs());
        System.out.printf("faults            %d freezes of DynamoDB Local (%.1f s frozen), %d service kills "
                + "(%d restarts exited before they answered and were started again); at least %d and %d%n",
                check.freezes(), check.frozenMs() / 1e3, check.kills(), check.exitedAtStart(), minimums.freezes(),
                minimums.kills());
        Map<String, Long> counters = check.proxyCounters();
        System.out.printf("fault proxy       %s; at least %d %s and %d %s%n",
                counters == null ? "counters unknown" : new TreeMap<>(counters), minimums.laggedQueries(),
                Check.LAGGED_QUERIES, minimums.throttled(), Check.THROTTLED);
        System.out.printf("acknowledged      %d creates checked in the table at the end (no deletion after them; at "
                + "least %d), %d with a deletion after them%n", check.existenceChecked(), minimums.creates(),
                check.existenceExcused());
        System.out.printf("deleted           %d acknowledged deletes checked absent at the end (no create after them; "
                + "at least %d), %d with a create after them%n", check.deletionChecked(), minimums.deletes(),
                check.deletionExcused());
        System.out.printf("witnessed         %d later reads answered 404 for an acknowledged create, each checked "
                + "for a deletion sent in between%n", check.witnessChecked());
        System.out.printf("refused           %d ids whose every create was refused, checked absent%n",
                check.absenceChecked());
        System.out.printf("audit             exit %d, %d lines%n", auditStatus, auditLines.size());
        System.out.printf("violations        %d%n", violations);
        return violations == 0 ? 0 : 1;
    }

    /** The fault proxy's counters, or null without a proxy or when it cannot be read (the verdict says so). */
    private static Map<String, Long> proxyCounters(String url) {
        if (url == null) {
            return null;
        }
        try {
            return FaultControl.of(URI.create(url)).counters();
        } catch (RuntimeException e) {
            System.err.println("the fault proxy's counters cannot be read at " + url + ": " + e);
            return null;
        }
    }
}
