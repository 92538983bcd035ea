package dev.trident.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The faults a {@link FaultProxy} injects and the counts of those it did. One lock guards everything, so that a
 * "next N calls" fault is taken by exactly N calls however many arrive at once. Its JSON form is the control API's.
 */
final class FaultSettings {

    static final String MODE_RESET = "reset";
    static final String MODE_500 = "500";

    private static final Set<String> FIELDS = Set.of("indexLagMillis", "throttleNext", "throttleRate",
            "throttleOperations", "seed", "tableStatus", "transactionInProgressNext", "loseAnswerNext",
            "lostAnswerMode", "ledger");

    private long indexLagMillis;
    private final Map<String, Integer> throttleNext = new TreeMap<>();
    private double throttleRate;
    private final Set<String> throttleOperations = new TreeSet<>();
    private long seed;
    private Random random;
    private String tableStatus;
    private int transactionInProgressNext;
    private final Map<String, Integer> loseAnswerNext = new TreeMap<>();
    private String lostAnswerMode;
    /** Whether the proxy counts capacity units ({@link CapacityLedger}): it reads each written item before and after. */
    private boolean ledger;
    private final Map<String, Long> counters = new TreeMap<>();

    FaultSettings() {
        reset();
    }

    synchronized void reset() {
        indexLagMillis = 0;
        throttleNext.clear();
        throttleRate = 0;
        throttleOperations.clear();
        seed = 0;
        random = new Random(seed);
        tableStatus = null;
        transactionInProgressNext = 0;
        loseAnswerNext.clear();
        lostAnswerMode = MODE_RESET;
        ledger = false;
        counters.clear();
    }

    synchronized long indexLagMillis() {
        return indexLagMillis;
    }

    synchronized boolean ledger() {
        return ledger;
    }

    synchronized String tableStatus() {
        return tableStatus;
    }

    /** Whether this call of {@code operation} is throttled: one of the next N asked for, or drawn at the rate. */
    synchronized boolean takeThrottle(String operation) {
        boolean throttled = take(throttleNext, operation);
        if (!throttled && throttleRate > 0
                && (throttleOperations.isEmpty() || throttleOperations.contains(operation))) {
            throttled = random.nextDouble() < throttleRate;
        }
        if (throttled) {
            count("throttled");
            count("throttled." + operation);
        }
        return throttled;
    }

    /** Whether this TransactWriteItems, once committed, is answered TransactionInProgressException. */
    synchronized boolean takeTransactionInProgress(String operation) {
        if (!operation.equals("TransactWriteItems") || transactionInProgressNext == 0) {
            return false;
        }
        transactionInProgressNext--;
        count("transactionInProgress");
        return true;
    }

    /** How this call's answer is lost ({@link #MODE_RESET} or {@link #MODE_500}), or null when it is delivered. */
    synchronized String takeLostAnswer(String operation) {
        if (!take(loseAnswerNext, operation)) {
            return null;
        }
        count("lostAnswers");
        return lostAnswerMode;
    }

    private static boolean take(Map<String, Integer> next, String operation) {
        Integer left = next.get(operation);
        if (left == null) {
            return false;
        }
        if (left <= 1) {
            next.remove(operation);
        } else {
            next.put(operation, left - 1);
        }
        return true;
    }

    synchronized void count(String counter) {
        counters.merge(counter, 1L, Long::sum);
    }

    /**
     * Applies a control API update: every field given replaces its setting, the others keep theirs. The two
     * per-operation maps are merged by operation (a count of 0 clears one). Checked whole before anything changes.
     */
    synchronized void update(JsonNode update) {
        if (update == null || !update.isObject()) {
            throw new IllegalArgumentException("expected a JSON object of settings");
        }
        for (Map.Entry<String, JsonNode> field : update.properties()) {
            String name = field.getKey();
            if (!FIELDS.contains(name)) {
                throw new IllegalArgumentException("unknown setting " + name + "; known: " + new TreeSet<>(FIELDS));
            }
        }
        long lag = update.has("indexLagMillis") ? nonNegative(update, "indexLagMillis") : indexLagMillis;
        double rate = update.has("throttleRate") ? update.get("throttleRate").asDouble(-1) : throttleRate;
        if (!(rate >= 0 && rate <= 1)) {
            throw new IllegalArgumentException("throttleRate must be between 0 and 1");
        }
        String mode = update.has("lostAnswerMode") ? update.get("lostAnswerMode").asText() : lostAnswerMode;
        if (!mode.equals(MODE_RESET) && !mode.equals(MODE_500)) {
            throw new IllegalArgumentException("lostAnswerMode must be " + MODE_RESET + " or " + MODE_500);
        }
        Map<String, Integer> throttles = counts(update, "throttleNext");
        Map<String, Integer> losses = counts(update, "loseAnswerNext");
        JsonNode status = update.get("tableStatus");
        if (status != null && !status.isNull() && !status.isTextual()) {
            throw new IllegalArgumentException("tableStatus must be a string or null");
        }
        JsonNode operations = update.get("throttleOperations");
        if (operations != null && !operations.isArray()) {
            throw new IllegalArgumentException("throttleOperations must be a list of operation names");
        }
        long inProgress = update.has("transactionInProgressNext")
                ? nonNegative(update, "transactionInProgressNext") : transactionInProgressNext;
        if (update.has("ledger") && !update.get("ledger").isBoolean()) {
            throw new IllegalArgumentException("ledger must be true or false");
        }
        if (update.has("seed") && !update.get("seed").canConvertToLong()) {
            throw new IllegalArgumentException("seed must be an integer");
        }

        indexLagMillis = lag;
        throttleRate = rate;
        lostAnswerMode = mode;
        merge(throttleNext, throttles);
        merge(loseAnswerNext, losses);
        if (update.has("tableStatus")) {
            tableStatus = status.isNull() ? null : status.asText();
        }
        if (operations != null) {
            throttleOperations.clear();
            operations.forEach(o -> throttleOperations.add(o.asText()));
        }
        transactionInProgressNext = (int) inProgress;
        if (update.has("ledger")) {
            ledger = update.get("ledger").asBoolean();
        }
        if (update.has("seed")) {
            seed = update.get("seed").asLong();
            random = new Random(seed);
        }
    }

    private static long nonNegative(JsonNode update, String field) {
        JsonNode value = update.get(field);
        if (!value.canConvertToLong() || value.asLong() < 0 || value.asLong() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(field + " must be a non-negative integer");
        }
        return value.asLong();
    }

    private static Map<String, Integer> counts(JsonNode update, String field) {
        Map<String, Integer> counts = new TreeMap<>();
        JsonNode given = update.get(field);
        if (given == null) {
            return counts;
        }
        if (!given.isObject()) {
            throw new IllegalArgumentException(field + " must map operation names to counts");
        }
        for (Map.Entry<String, JsonNode> entry : given.properties()) {
            if (!entry.getValue().canConvertToInt() || entry.getValue().asInt() < 0) {
                throw new IllegalArgumentException(field + "." + entry.getKey() + " must be a non-negative integer");
            }
            counts.put(entry.getKey(), entry.getValue().asInt());
        }
        return counts;
    }

    private static void merge(Map<String, Integer> into, Map<String, Integer> counts) {
        counts.forEach((operation, times) -> {
            if (times == 0) {
                into.remove(operation);
            } else {
                into.put(operation, times);
            }
        });
    }

    synchronized Map<String, Long> counters() {
        return new TreeMap<>(counters);
    }

    /** The settings and, under "counters", the counts: the control API's answer. */
    synchronized ObjectNode toJson() {
        JsonNodeFactory json = JsonNodeFactory.instance;
        ObjectNode node = json.objectNode();
        node.put("indexLagMillis", indexLagMillis);
        ObjectNode throttles = node.putObject("throttleNext");
        throttleNext.forEach(throttles::put);
        node.put("throttleRate", throttleRate);
        throttleOperations.forEach(node.putArray("throttleOperations")::add);
        node.put("seed", seed);
        node.put("tableStatus", tableStatus);
        node.put("transactionInProgressNext", transactionInProgressNext);
        ObjectNode losses = node.putObject("loseAnswerNext");
        loseAnswerNext.forEach(losses::put);
        node.put("lostAnswerMode", lostAnswerMode);
        node.put("ledger", ledger);
        ObjectNode counts = node.putObject("counters");
        counters.forEach(counts::put);
        return node;
    }
}
