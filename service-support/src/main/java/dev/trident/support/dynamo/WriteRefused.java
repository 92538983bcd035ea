package dev.trident.support.dynamo;

import java.util.Map;
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

    public WriteRefused(String action, Map<String, AttributeValue> currentItem) {
        super("the condition of '" + action + "' was not met", null, false, false);
        this.action = action;
        this.currentItem = currentItem == null ? Map.of() : currentItem;
    }

    /** The name of the action whose condition failed. */
    public String action() {
        return action;
    }

    public boolean refused(String actionName) {
        return action.equals(actionName);
    }

    /** The item as DynamoDB saw it when the condition failed; empty when there was none. */
    public Map<String, AttributeValue> currentItem() {
        return currentItem;
    }

    /** Whether the item the condition was about existed (e.g. it exists but at another version). */
    public boolean itemExists() {
        return !currentItem.isEmpty();
    }
}
