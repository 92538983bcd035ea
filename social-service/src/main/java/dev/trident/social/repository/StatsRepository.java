package dev.trident.social.repository;

import static dev.trident.keys.TableSchema.TYPE;
import static dev.trident.keys.entity.StandardAttributes.CREATED_AT;
import static dev.trident.keys.entity.StandardAttributes.UPDATED_AT;
import static dev.trident.social.repository.SocialEntities.MONTH;
import static dev.trident.social.repository.SocialEntities.MONTHLY_STATS;
import static dev.trident.social.repository.SocialEntities.USER_ID;

import dev.trident.keys.SocialKeys;
import dev.trident.keys.entity.Attribute;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.social.model.MonthlyStats;
import dev.trident.support.dynamo.DynamoTable;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Write-time activity counters per user and UTC month ({@code USER#<id>/STATS#<month>}). They are counted inside
 * the post and comment transactions ({@link #count}); this repository only reads them.
 */
@ApplicationScoped
public class StatsRepository {

    private final DynamoTable table;

    StatsRepository(DynamoTable table) {
        this.table = table;
    }

    /**
     * One user's counters for one month: one GetItem on {@code STATS#<month>}, strongly consistent (a user reading
     * their stats right after posting sees the post counted). Emits null when nothing was counted.
     */
    public Uni<MonthlyStats> monthlyStats(String userId, String month) {
        return table.get(SocialKeys.MONTHLY_STATS, MONTHLY_STATS, SocialKeys.monthlyStats(userId, month));
    }

    /**
     * The update that counts one more of {@code counter} in a user's month, creating the item on first use (no
     * condition: a counter never refuses a write).
     */
    static UpdateExpression count(Attribute<Long> counter, String userId, String month, String now) {
        return new UpdateExpressionBuilder()
                .setIfNotExists(TYPE, MONTHLY_STATS.type().typeAttribute())
                .setIfNotExists(USER_ID, userId)
                .setIfNotExists(MONTH, month)
                .setIfNotExists(CREATED_AT, now)
                .set(UPDATED_AT, now)
                .add(counter, 1)
                .build();
    }
}
