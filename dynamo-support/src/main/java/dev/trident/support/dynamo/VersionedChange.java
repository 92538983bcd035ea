package dev.trident.support.dynamo;

import static dev.trident.keys.entity.StandardAttributes.UPDATED_AT;
import static dev.trident.keys.entity.StandardAttributes.VERSION;

import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;

/** The change every update of an existing, versioned item makes, written once for every repository. */
public final class VersionedChange {

    private VersionedChange() {
    }

    /**
     * {@code update} plus: bumps {@code version}, sets {@code updatedAt}, conditioned on the item existing and, with
     * If-Match ({@code expectedVersion} not null), on {@code version = :expected}.
     */
    public static UpdateExpression of(UpdateExpressionBuilder update, Long expectedVersion, String now) {
        update.set(UPDATED_AT, now).add(VERSION, 1).condition(Conditions.ITEM_EXISTS);
        return (expectedVersion == null ? update : update.condition(Conditions.versionEquals(expectedVersion)))
                .build();
    }
}
