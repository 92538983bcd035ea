package dev.trident.chaos;

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
 *   drain --endpoint URL --table NAME [--timeout 60]
 *   check --endpoint URL --table NAME --history FILE --faults FILE [--answer-limit-ms 3500]
 *         [--audit-output FILE --audit-status N]
 * </pre>
 * {@code load} runs the clients and writes the history: first a warm-up (the services' JIT has not compiled
 * anything yet; no faults, answers not timed), then the run proper (it creates {@code --warm-up-done} when it starts,
 * the signal for the faults); {@code drain} waits until the pending-work partitions are
 * empty; {@code check} checks the history against the rules and the table, prints the counts and every violation,
 * and exits 1 on any.
 */
public final class Chaos {

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
                Thread t = new Thread(() -> client.run(deadline, thinkMs), "chaos-client-" + c);
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
                t.join();
            }
        }
        System.out.println("clients done");
        return 0;
    }

    private static int drain(Map<String, String> o) {
        long timeoutMs = Long.parseLong(o.getOrDefault("timeout", "60")) * 1_000L;
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

    private static Map<String, List<String>> pending(Table table) {
        Map<String, List<String>> pending = new TreeMap<>();
        for (String service : Table.WORK_SERVICES) {
            List<String> tasks = table.pendingTasks(service);
            if (!tasks.isEmpty()) {
                pending.put(service, tasks);
            }
        }
        return pending;
    }

    private static int check(Map<String, String> o) throws IOException {
        List<Entry> history = Files.readAllLines(Path.of(required(o, "history")), StandardCharsets.UTF_8).stream()
                .filter(line -> !line.isBlank()).map(Entry::parse).toList();
        Path faultsFile = Path.of(required(o, "faults"));
        List<String> faults = Files.exists(faultsFile) ? Files.readAllLines(faultsFile) : List.of();
        long limit = Long.parseLong(o.getOrDefault("answer-limit-ms", "3500"));
        Check check = new Check(history, faults, limit);
        Map<String, List<String>> pending;
        try (Table table = new Table(required(o, "endpoint"), required(o, "table"))) {
            check.checkAnswers();
            check.checkWitnessed();
            check.checkAcknowledged(table);
            check.checkRefused(table);
            pending = pending(table);
        }
        List<String> auditLines = List.of();
        int auditStatus = Integer.parseInt(o.getOrDefault("audit-status", "-1"));
        if (o.containsKey("audit-output") && Files.exists(Path.of(o.get("audit-output")))) {
            auditLines = Files.readAllLines(Path.of(o.get("audit-output"))).stream().filter(l -> !l.isBlank())
                    .toList();
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
        if (!pending.isEmpty()) {
            System.out.println("VIOLATION: pending work left after the drain: " + pending);
            violations += pending.values().stream().mapToInt(List::size).sum();
        }
        if (auditStatus != 0) {
            System.out.println("VIOLATION: deploy/audit.sh " + (auditStatus == 127 ? "is missing"
                    : "exited " + auditStatus) + (auditLines.isEmpty() ? "" : ":"));
            auditLines.forEach(l -> System.out.println("  " + l));
            violations += Math.max(1, auditLines.size());
        }

        System.out.println("=== chaos: counts");
        System.out.printf("requests          %d (clients' start to end)%n", check.requestCount());
        System.out.println("by status         " + check.byStatus());
        System.out.printf("no answer         %d while their service was killed (not answers)%n",
                check.expectedConnectionErrors());
        System.out.printf("faults            %d freezes of DynamoDB Local (%.1f s frozen), %d service kills "
                + "(%d restarts exited before they answered and were started again)%n",
                check.freezes(), check.frozenMs() / 1e3, check.kills(), check.exitedAtStart());
        System.out.printf("acknowledged      %d creates checked in the table at the end (no deletion after them), %d "
                + "with a deletion after them%n", check.existenceChecked(), check.existenceExcused());
        System.out.printf("witnessed         %d later reads answered 404 for an acknowledged create, each checked "
                + "for a deletion sent in between%n", check.witnessChecked());
        System.out.printf("refused           %d ids whose every create was refused, checked absent%n",
                check.absenceChecked());
        System.out.printf("audit             exit %d, %d lines%n", auditStatus, auditLines.size());
        System.out.printf("violations        %d%n", violations);
        return violations == 0 ? 0 : 1;
    }
}
