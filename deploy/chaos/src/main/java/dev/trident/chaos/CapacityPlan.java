package dev.trident.chaos;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * deploy/capacity.sh's Java side: a workload profile (rates per logical operation, populations, shard counts, prices)
 * times the measured units per operation ({@link Measurement}'s file) gives, per partition family of the table and of
 * each index, the write and read units per second of its hottest partition against DynamoDB's per-partition limits,
 * the table's total units and the monthly on-demand cost.
 * <pre>
 *   CapacityPlan --profile FILE [--units FILE]
 * </pre>
 * How a family's load spreads over partitions: a family of one entity per partition (a user, a post's comments, a
 * course, a workspace) over its population, its busiest entity taking {@code hot.entity.factor} times the average
 * (never more than the whole family); a sharded family (the timeline, the term catalogue, the projects by status,
 * the pending work) evenly over its shards, one month, term or status taking all of it, while each of its listings
 * (the operations named {@code *-read}) queries every shard; any other family on one partition. Exits 1 when a partition is over a limit, 2 on a bad profile.
 */
public final class CapacityPlan {

    /** What the load of a family is divided by, and which profile key says how many. */
    enum Spread {
        USERS("users"), POSTS("posts"), COURSES("courses"), WORKSPACES("workspaces"),
        TIMELINE_SHARDS("shards.timeline"), CATALOGUE_SHARDS("shards.catalogue"), STATUS_SHARDS("shards.status"),
        WORK_SHARDS("shards.work"), ONE(null);

        final String key;

        Spread(String key) {
            this.key = key;
        }

        boolean entities() {
            return this == USERS || this == POSTS || this == COURSES || this == WORKSPACES;
        }
    }

    private static final Map<String, Spread> SPREAD = new LinkedHashMap<>();
    /** The least an eventually consistent Query costs. */
    private static final double MIN_QUERY_UNITS = 0.5;
    /** The least a strongly consistent Query costs: what a pending-work poll pays for each shard it reads. */
    private static final double MIN_STRONG_QUERY_UNITS = 1;

    static {
        for (String f : List.of("USER", "USER_INVERTED", "HANDLE", "HANDLE_PROFILE", "STUDENT", "STUDENT_TERM",
                "ERASURE", "IDEMPOTENCY")) {
            SPREAD.put(f, Spread.USERS);
        }
        SPREAD.put("POST_COMMENTS", Spread.POSTS);
        SPREAD.put("COURSE", Spread.COURSES);
        SPREAD.put("COURSE_ROSTER", Spread.COURSES);
        SPREAD.put("WORKSPACE", Spread.WORKSPACES);
        SPREAD.put("WORKSPACE_SHARD", Spread.WORKSPACES);
        SPREAD.put("WORKSPACE_PROJECTS_BY_STATUS", Spread.WORKSPACES);
        SPREAD.put("TIMELINE", Spread.TIMELINE_SHARDS);
        SPREAD.put("COURSES_BY_TERM", Spread.CATALOGUE_SHARDS);
        SPREAD.put("PROJECTS_BY_STATUS", Spread.STATUS_SHARDS);
        SPREAD.put("PENDING_WORK", Spread.WORK_SHARDS);
    }

    /** The hottest partition of one family of one target. */
    record Line(String target, String family, Spread spread, double partitions, double writes, double reads,
            double hotWrites, double hotReads) {
    }

    /** The plan: its lines, totals and verdict. */
    record Plan(List<Line> lines, double logicalWrites, double writeUnits, double readUnits, double monthlyCost,
            double writeLimit, double readLimit, List<String> over) {
    }

    private CapacityPlan() {
    }

    public static void main(String[] args) throws IOException {
        Path profile = null;
        Path units = Path.of("deploy/capacity/units.tsv");
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--profile" -> profile = Path.of(args[i + 1]);
                case "--units" -> units = Path.of(args[i + 1]);
                default -> {
                    System.err.println("usage: CapacityPlan --profile FILE [--units FILE]");
                    System.exit(2);
                }
            }
        }
        if (profile == null) {
            System.err.println("usage: CapacityPlan --profile FILE [--units FILE]");
            System.exit(2);
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(profile, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        Plan plan;
        try {
            plan = plan(p, Measurement.Stored.read(units));
        } catch (IllegalArgumentException e) {
            System.err.println(profile + ": " + e.getMessage());
            System.exit(2);
            return;
        }
        System.out.print(render(plan, profile, units));
        System.exit(plan.over().isEmpty() ? 0 : 1);
    }

    static Plan plan(Properties p, Measurement.Stored measured) {
        for (String key : p.stringPropertyNames()) {
            if (!known(key, measured)) {
                throw new IllegalArgumentException("unknown profile key " + key);
            }
        }
        double writeLimit = number(p, "limit.partition.wcu", 1000);
        double readLimit = number(p, "limit.partition.rcu", 3000);
        double hotFactor = number(p, "hot.entity.factor", 100);
        double logicalWrites = 0;
        for (String op : measured.counts().keySet()) {
            if (!op.equals(Measurement.OTHER) && !op.endsWith("-read")) {
                logicalWrites += number(p, "rate." + op, 0);
            }
        }
        // Per target and family: write and read units per second.
        Map<String, double[]> load = new TreeMap<>();
        for (Measurement.Row row : measured.rows().values()) {
            double rate = row.op().equals(Measurement.OTHER) ? logicalWrites : number(p, "rate." + row.op(), 0);
            double size = number(p, "size.factor." + row.op(), 1);
            double[] l = load.computeIfAbsent(row.target() + "\t" + row.family(), k -> new double[2]);
            l[0] += rate * size * row.writeUnits();
            Spread spread = SPREAD.getOrDefault(row.family(), Spread.ONE);
            if (spread.entities() || spread == Spread.ONE || row.readUnits() == 0 || !row.op().endsWith("-read")) {
                l[1] += rate * size * row.readUnits();
            } else {
                // A listing of a sharded family queries every shard (a merged read), each Query costing at least half
                // a unit: more shards spread the writes but not the listings. A write's own reads (a condition check)
                // name one item, on one shard.
                double shards = positive(p, spread.key);
                l[1] += rate * shards * Math.max(MIN_QUERY_UNITS, size * row.readUnits() / shards);
            }
        }
        // Every replica polls every work shard once an interval, whatever the work: at least one read unit a shard.
        double pollers = number(p, "work.pollers", 0);
        if (pollers > 0) {
            load.computeIfAbsent(Measurement.TABLE + "\tPENDING_WORK", k -> new double[2])[1] += pollers
                    / positive(p, "work.poll.interval.seconds") * positive(p, Spread.WORK_SHARDS.key)
                    * MIN_STRONG_QUERY_UNITS;
        }
        List<Line> lines = new ArrayList<>();
        List<String> over = new ArrayList<>();
        double writeUnits = 0;
        double readUnits = 0;
        for (Map.Entry<String, double[]> e : load.entrySet()) {
            String[] tf = e.getKey().split("\t");
            double w = e.getValue()[0];
            double r = e.getValue()[1];
            writeUnits += w;
            readUnits += r;
            Spread spread = SPREAD.getOrDefault(tf[1], Spread.ONE);
            double partitions = spread == Spread.ONE ? 1 : positive(p, spread.key);
            // The busiest entity takes hot.entity.factor times the average entity's share; shards share evenly.
            double divisor = spread.entities() ? Math.max(1, partitions / hotFactor) : partitions;
            Line line = new Line(tf[0], tf[1], spread, partitions, w, r, w / divisor, r / divisor);
            lines.add(line);
            if (line.hotWrites() > writeLimit || line.hotReads() > readLimit) {
                over.add(String.format(Locale.ROOT, "%s %s: hottest partition %.0f WCU/s, %.0f RCU/s", tf[0], tf[1],
                        line.hotWrites(), line.hotReads()));
            }
        }
        lines.sort((a, b) -> Double.compare(Math.max(b.hotWrites() / writeLimit, b.hotReads() / readLimit),
                Math.max(a.hotWrites() / writeLimit, a.hotReads() / readLimit)));
        double seconds = number(p, "hours.per.month", 730) * 3600;
        double cost = (writeUnits * number(p, "price.write.per.million", 0.625)
                + readUnits * number(p, "price.read.per.million", 0.125)) * seconds / 1e6;
        return new Plan(lines, logicalWrites, writeUnits, readUnits, cost, writeLimit, readLimit, over);
    }

    private static boolean known(String key, Measurement.Stored measured) {
        if (key.startsWith("rate.") || key.startsWith("size.factor.")) {
            String op = key.substring(key.startsWith("rate.") ? 5 : 12);
            return measured.counts().containsKey(op) && !op.equals(Measurement.OTHER);
        }
        for (Spread s : Spread.values()) {
            if (key.equals(s.key)) {
                return true;
            }
        }
        return List.of("limit.partition.wcu", "limit.partition.rcu", "hot.entity.factor", "hours.per.month",
                "price.write.per.million", "price.read.per.million", "work.pollers", "work.poll.interval.seconds",
                "name").contains(key);
    }

    private static double number(Properties p, String key, double otherwise) {
        String value = p.getProperty(key);
        if (value == null) {
            return otherwise;
        }
        try {
            double n = Double.parseDouble(value.trim().replace("_", ""));
            if (n < 0 || Double.isNaN(n) || Double.isInfinite(n)) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a non-negative number, not " + value);
        }
    }

    private static double positive(Properties p, String key) {
        double n = number(p, key, 0);
        if (n < 1) {
            throw new IllegalArgumentException(key + " is needed (at least 1)");
        }
        return n;
    }

    static String render(Plan plan, Path profile, Path units) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "capacity plan for %s (units per operation: %s)%n", profile, units));
        out.append(String.format(Locale.ROOT, "limits per partition: %.0f WCU/s, %.0f RCU/s%n%n", plan.writeLimit(),
                plan.readLimit()));
        for (String target : List.of(Measurement.TABLE, "GSI1", "GSI2")) {
            out.append(String.format(Locale.ROOT, "%s%n  %-30s %-17s %10s %10s %12s %12s %7s%n", target, "family",
                    "partitions", "WCU/s", "RCU/s", "hot WCU/s", "hot RCU/s", "of limit"));
            for (Line l : plan.lines()) {
                if (!l.target().equals(target) || l.writes() + l.reads() < 0.5) {
                    continue;
                }
                double use = Math.max(l.hotWrites() / plan.writeLimit(), l.hotReads() / plan.readLimit());
                String partitions = l.spread() == Spread.ONE ? "1 (fixed)"
                        : String.format(Locale.ROOT, "%.0f %s", l.partitions(), l.spread().entities() ? "entities"
                                : "shards");
                out.append(String.format(Locale.ROOT, "  %-30s %-17s %10.0f %10.0f %12.1f %12.1f %6.0f%%%s%n",
                        l.family(), partitions, l.writes(), l.reads(), l.hotWrites(), l.hotReads(), 100 * use,
                        use > 1 ? "  OVER" : ""));
            }
            out.append('\n');
        }
        out.append(String.format(Locale.ROOT, "logical writes: %.0f/s; table and indexes: %.0f WCU/s (%.2f per logical"
                + " write), %.0f RCU/s%n", plan.logicalWrites(), plan.writeUnits(),
                plan.logicalWrites() == 0 ? 0 : plan.writeUnits() / plan.logicalWrites(), plan.readUnits()));
        out.append(String.format(Locale.ROOT, "monthly on-demand cost (requests only, no storage): $%,.0f%n",
                plan.monthlyCost()));
        if (plan.over().isEmpty()) {
            out.append("PASS: every partition within its limits\n");
        } else {
            out.append("FAIL: partitions over their limit:\n");
            plan.over().forEach(o -> out.append("  ").append(o).append('\n'));
        }
        return out.toString();
    }
}
