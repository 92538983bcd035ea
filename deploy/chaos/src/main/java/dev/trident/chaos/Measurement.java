package dev.trident.chaos;

import dev.trident.faults.FaultControl;
import dev.trident.keys.ItemCollection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a run of the everyday mix measured, from the fault proxy's ledger: the share of all write units each
 * partition of the table and of each index took, and the capacity units per logical operation by partition family
 * (the committed measurement file the capacity plan reads). A family is the item collection
 * ({@link ItemCollection}) its partition key decodes to, or else the key's prefix up to its first id.
 */
final class Measurement {

    static final String TABLE = "table";
    /** Units of patterns no logical operation owns (reads a write makes first, start-up calls): per logical write. */
    static final String OTHER = "other";

    /**
     * Patterns whose load follows the deployment, not the operations: the pending-work poll reads every shard each
     * interval on every replica, however much work there is. The plan models it from the profile.
     */
    static final Set<String> MODELLED = Set.of("work-pending");

    /** Which logical operation of the mix each access pattern serves; the rest is {@link #OTHER}. */
    private static final Map<String, String> OPERATION_OF = new HashMap<>();

    static {
        owns(EverydayMix.Op.USER, "user-create", "student-put");
        owns(EverydayMix.Op.COURSE, "course-create", "course-update");
        owns(EverydayMix.Op.WORKSPACE, "workspace-create");
        owns(EverydayMix.Op.POST, "post-create");
        owns(EverydayMix.Op.COMMENT, "comment-create");
        owns(EverydayMix.Op.ENROL, "enrol", "enrol-student", "enrol-course");
        owns(EverydayMix.Op.DROP, "drop");
        owns(EverydayMix.Op.MEMBER, "member-put");
        owns(EverydayMix.Op.PROJECT, "project-create", "project-sequence");
        owns(EverydayMix.Op.PROJECT_UPDATE, "project-update");
        // The pending work of the mix is post deletions (and the odd erasure): its polling and claims go with them.
        owns(EverydayMix.Op.POST_DELETE, "post-delete", "post-deletion-pending", "post-deletion-finish",
                "post-comments-delete", "work-claim", "work-done");
        owns(EverydayMix.Op.ERASURE, "erasure-request", "erasure-user-items", "erasure-user-items-delete",
                "erasure-author-comments", "erasure-record", "erasure-progress", "erasure-student-items",
                "erasure-student-delete", "erasure-memberships", "erasure-members", "erasure-workspace-meta",
                "erasure-created-projects", "erasure-project-anonymise");
        owns(EverydayMix.Op.TIMELINE_READ, "timeline", "timeline-months");
        owns(EverydayMix.Op.CATALOGUE_READ, "course-catalogue");
        owns(EverydayMix.Op.STATUS_READ, "projects-by-status");
        owns(EverydayMix.Op.USER_READ, "user-profile", "user-with-newest-posts", "user-posts");
        owns(EverydayMix.Op.COMMENTS_READ, "post-comments");
    }

    private static void owns(EverydayMix.Op op, String... patterns) {
        for (String pattern : patterns) {
            OPERATION_OF.put(pattern, op.key());
        }
    }

    /** One partition of the table or an index and its write units. */
    record Partition(String target, String partition, String family, double writeUnits) {
    }

    /** Units per logical operation on one family of one target. */
    record Row(String op, String target, String family, double writeUnits, double readUnits) {
        String key() {
            return op + "\t" + target + "\t" + family;
        }
    }

    private final List<FaultControl.LedgerEntry> entries;
    private final Map<String, Long> counts;

    Measurement(List<FaultControl.LedgerEntry> entries, Map<String, Long> counts) {
        this.entries = entries;
        this.counts = counts;
    }

    static String family(String target, String partition) {
        return ItemCollection.classify(TABLE.equals(target) ? null : target, partition).map(ItemCollection::name)
                .orElseGet(() -> {
                    int hash = partition.indexOf('#');
                    return hash < 0 ? partition : partition.substring(0, hash + 1) + "*";
                });
    }

    static String operationOf(String pattern) {
        return OPERATION_OF.getOrDefault(pattern, OTHER);
    }

    double totalWriteUnits() {
        return entries.stream().mapToDouble(FaultControl.LedgerEntry::writeUnits).sum();
    }

    /** Every written partition of the table and the indexes, most write units first. */
    List<Partition> partitions() {
        Map<String, Double> units = new HashMap<>();
        for (FaultControl.LedgerEntry e : entries) {
            if (e.writeUnits() > 0) {
                units.merge(e.index() + "\t" + e.partition(), e.writeUnits(), Double::sum);
            }
        }
        List<Partition> partitions = new ArrayList<>();
        units.forEach((k, v) -> {
            String[] parts = k.split("\t", 2);
            partitions.add(new Partition(parts[0], parts[1], family(parts[0], parts[1]), v));
        });
        partitions.sort((a, b) -> Double.compare(b.writeUnits(), a.writeUnits()));
        return partitions;
    }

    /** The largest share of all write units one partition took. */
    double hottestShare() {
        List<Partition> partitions = partitions();
        return partitions.isEmpty() ? 0 : partitions.get(0).writeUnits() / totalWriteUnits();
    }

    /** Logical writes of the run: every acknowledged operation that is not a read. */
    long logicalWrites() {
        return counts.entrySet().stream().filter(e -> !e.getKey().endsWith("-read")).mapToLong(Map.Entry::getValue)
                .sum();
    }

    /** Units per logical operation, by target and family; {@link #OTHER} per logical write. */
    List<Row> rows() {
        Map<String, double[]> sums = new TreeMap<>();
        for (FaultControl.LedgerEntry e : entries) {
            if (MODELLED.contains(e.pattern())) {
                continue;
            }
            String op = operationOf(e.pattern());
            double[] sum = sums.computeIfAbsent(op + "\t" + e.index() + "\t" + family(e.index(), e.partition()),
                    k -> new double[2]);
            sum[0] += e.writeUnits();
            sum[1] += e.readUnits();
        }
        List<Row> rows = new ArrayList<>();
        sums.forEach((k, v) -> {
            String[] parts = k.split("\t");
            long n = parts[0].equals(OTHER) ? logicalWrites() : counts.getOrDefault(parts[0], 0L);
            if (n > 0) {
                rows.add(new Row(parts[0], parts[1], parts[2], v[0] / n, v[1] / n));
            }
        });
        return rows;
    }

    /** Writes the measurement file the capacity plan reads. */
    void write(Path file, String about) throws IOException {
        StringBuilder out = new StringBuilder();
        out.append("# Capacity units per logical operation, by table or index and partition family, measured by\n")
                .append("# deploy/mix.sh through the fault proxy's ledger (DynamoDB's billing rules). ").append(about)
                .append("\n# Regenerate: deploy/mix.sh --write-measurement deploy/capacity/units.tsv\n")
                .append("# count <op> <acknowledged operations in the run>; 'other' is per logical write.\n")
                .append("# units <op> <table|index> <family> <write units per op> <read units per op>\n");
        new TreeMap<>(counts).forEach((op, n) -> out.append("count\t").append(op).append('\t').append(n).append('\n'));
        out.append("count\t").append(OTHER).append('\t').append(logicalWrites()).append('\n');
        for (Row r : rows()) {
            out.append(String.format(Locale.ROOT, "units\t%s\t%s\t%s\t%.4f\t%.4f%n", r.op(), r.target(), r.family(),
                    r.writeUnits(), r.readUnits()));
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, out, StandardCharsets.UTF_8);
    }

    /** A measurement file's rows and counts. */
    record Stored(Map<String, Row> rows, Map<String, Long> counts) {
        static Stored read(Path file) throws IOException {
            Map<String, Row> rows = new TreeMap<>();
            Map<String, Long> counts = new TreeMap<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t");
                if (f[0].equals("count") && f.length == 3) {
                    counts.put(f[1], Long.parseLong(f[2]));
                } else if (f[0].equals("units") && f.length == 6) {
                    Row r = new Row(f[1], f[2], f[3], Double.parseDouble(f[4]), Double.parseDouble(f[5]));
                    rows.put(r.key(), r);
                } else {
                    throw new IOException(file + ": not a measurement line: " + line);
                }
            }
            return new Stored(rows, counts);
        }
    }

    /**
     * Where this measurement and a stored one differ by more than {@code tolerance} (relative, at least half a unit),
     * on operations both measured at least {@code minCount} times.
     */
    List<String> differences(Stored stored, double tolerance, long minCount) {
        Map<String, Row> fresh = new TreeMap<>();
        rows().forEach(r -> fresh.put(r.key(), r));
        Map<String, Long> freshCounts = new HashMap<>(counts);
        freshCounts.put(OTHER, logicalWrites());
        List<String> differences = new ArrayList<>();
        Set<String> keys = new TreeSet<>(fresh.keySet());
        keys.addAll(stored.rows().keySet());
        for (String key : keys) {
            String op = key.substring(0, key.indexOf('\t'));
            if (freshCounts.getOrDefault(op, 0L) < minCount || stored.counts().getOrDefault(op, 0L) < minCount) {
                continue;
            }
            Row now = fresh.get(key);
            Row then = stored.rows().get(key);
            double[] a = {now == null ? 0 : now.writeUnits(), now == null ? 0 : now.readUnits()};
            double[] b = {then == null ? 0 : then.writeUnits(), then == null ? 0 : then.readUnits()};
            for (int i = 0; i < 2; i++) {
                if (Math.abs(a[i] - b[i]) > Math.max(0.5, tolerance * Math.max(a[i], b[i]))) {
                    differences.add(String.format(Locale.ROOT, "%s %s units: measured %.3f, committed %.3f",
                            key.replace('\t', ' '), i == 0 ? "write" : "read", a[i], b[i]));
                }
            }
        }
        return differences;
    }
}
