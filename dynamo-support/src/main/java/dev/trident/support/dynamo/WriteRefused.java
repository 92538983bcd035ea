package dev.trident.support.dynamo;

import dev.trident.keys.entity.Attribute;
import dev.trident.keys.entity.EntitySchema;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A conditional write that DynamoDB refused, naming the action whose condition failed (the name the repository
 * gave it: {@code "profile"}, {@code "handle-claim"}, {@code "owner-edge"}...) and the item as it stood then (empty
 * when the item did not exist). Nothing of the write happened. A repository passes it on or turns it into a
 * domain meaning; only a service turns it into an HTTP answer.
 */
public final class WriteRefused extends RuntimeException {

    private final String action;
    private final Map<String, AttributeValue> currentItem;
    /** Every action whose condition failed, in the order of the write, with the item each met. */
    private final Map<String, Map<String, AttributeValue>> refusals;

    public WriteRefused(String action, Map<String, AttributeValue> currentItem) {
        this(singleRefusal(action, currentItem));
    }

    /**
     * A transaction whose conditions failed on one or more actions, in the order of the transaction: DynamoDB
     * evaluates every condition and reports each that failed. The first names the refusal ({@link #action()}).
     */
    public WriteRefused(Map<String, Map<String, AttributeValue>> refusals) {
        super("the condition of '" + refusals.keySet().iterator().next() + "' was not met", null, false, false);
        this.refusals = Collections.unmodifiableMap(new LinkedHashMap<>(refusals));
        this.action = refusals.keySet().iterator().next();
        this.currentItem = this.refusals.get(action);
    }

    private static Map<String, Map<String, AttributeValue>> singleRefusal(String action,
            Map<String, AttributeValue> currentItem) {
        Map<String, Map<String, AttributeValue>> one = new LinkedHashMap<>();
        one.put(action, currentItem == null ? Map.of() : currentItem);
        return one;
    }

    /** The name of the action whose condition failed. */
    public String action() {
        return action;
    }

    public boolean refused(String actionName) {
        return action.equals(actionName);
    }

    /** The names of every action whose condition failed, in the order of the write. */
    public Set<String> actions() {
        return refusals.keySet();
    }

    /** The item as DynamoDB saw it when the condition failed; empty when there was none. */
    public Map<String, AttributeValue> currentItem() {
        return currentItem;
    }

    /** Whether the item the condition was about existed (e.g. it exists but at another version). */
    public boolean itemExists() {
        return !currentItem.isEmpty();
    }

    /** Whether the condition of this action failed, the first refused one or any later one of the same transaction. */
    public boolean conditionFailed(String actionName) {
        return refusals.containsKey(actionName);
    }

    /** The item the named action's failed condition met; empty when there was none or its condition held. */
    public Map<String, AttributeValue> currentItem(String actionName) {
        return refusals.getOrDefault(actionName, Map.of());
    }

    /** Whether the named action's failed condition met an item; false when there was none or its condition held. */
    public boolean itemExists(String actionName) {
        return !currentItem(actionName).isEmpty();
    }

    /** The entity the named action's failed condition met, read as {@code entity}; null when it met no item. */
    public <T> T current(String actionName, EntitySchema<T> entity) {
        return entity.fromItem(currentItem(actionName));
    }

    /**
     * One attribute of the item the named action's failed condition met (its version, a counter...); null when that
     * item lacks it or there was none.
     */
    public <A> A currentValue(String actionName, Attribute<A> attribute) {
        return attribute.read(currentItem(actionName));
    }
}
