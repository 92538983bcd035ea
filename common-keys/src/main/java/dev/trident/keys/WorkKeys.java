package dev.trident.keys;

import static dev.trident.keys.EntityType.WORK_ITEM;

/**
 * Keys of pending work: one partition per service ({@code WORK#<service>}), one item per task
 * ({@code TASK#<kind>#<id>}). A service Queries its own partition on a schedule and claims a task with a conditional
 * write (a lease), so work requested while the service was down is found when it comes back.
 */
public final class WorkKeys {
    public static final String TASK_PREFIX = WORK_ITEM.sortKey();

    private WorkKeys() {
    }

    /** {@code WORK#<service>}: a service name is a lower-case word (social, enrollment, workspace). */
    public static String workPartition(String service) {
        return WORK_ITEM.pkPrefix() + requireWord("service", service);
    }

    /** {@code WORK#<service>} / {@code TASK#<kind>#<id>}; kind a lower-case word with dashes, id in the id grammar. */
    public static ItemKey task(String service, String kind, String id) {
        return new ItemKey(workPartition(service),
                TASK_PREFIX + requireWord("kind", kind) + Keys.DELIMITER + Ids.require("id", id));
    }

    public static String tasksPrefix() {
        return TASK_PREFIX;
    }

    public static String parseWorkPartition(String pk) {
        return requireWord("service", Keys.rest("service", pk, WORK_ITEM.pkPrefix()));
    }

    /** A task's kind and id, from its SK. */
    public record Task(String kind, String id) {
    }

    public static Task parseTaskSk(String sk) {
        String rest = Keys.rest("task", sk, TASK_PREFIX);
        int delimiter = rest.indexOf(Keys.DELIMITER);
        if (delimiter < 0) {
            throw new InvalidKeyException("task", "not a <kind>#<id> key");
        }
        return new Task(requireWord("kind", rest.substring(0, delimiter)),
                Ids.require("id", rest.substring(delimiter + 1)));
    }

    private static String requireWord(String field, String value) {
        if (value == null || !value.matches("[a-z][a-z-]{0,31}")) {
            throw new InvalidKeyException(field, "must be lower-case letters and dashes");
        }
        return value;
    }
}
