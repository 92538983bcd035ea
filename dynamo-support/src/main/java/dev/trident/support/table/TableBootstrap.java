package dev.trident.support.table;

import dev.trident.keys.TableDefinition;
import dev.trident.keys.TableSchema;
import dev.trident.support.dynamo.PatternTags;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Creates the shared table from the common definition when {@code trident.table.bootstrap} is on
 * (local run and tests). Safe when the three services start at once: whoever loses the race to
 * CreateTable gets ResourceInUse and simply waits for the table to become ACTIVE.
 */
@ApplicationScoped
public class TableBootstrap {

    private static final Logger LOG = Logger.getLogger(TableBootstrap.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /**
     * Start-up calls are not bound by the routes' short timeouts: a first CreateTable on a cold DynamoDB Local took
     * 1.4 s here, and a timed-out attempt would only be sent again.
     */
    private static final AwsRequestOverrideConfiguration START_UP =
            PatternTags.build(TableSchema.TABLE_BOOTSTRAP).toBuilder()
            .apiCallTimeout(Duration.ofSeconds(20)).apiCallAttemptTimeout(Duration.ofSeconds(10)).build();

    private final DynamoDbAsyncClient dynamo;
    private final TableDefinition table;
    private final TableSettings config;
    private final Optional<String> endpoint;

    TableBootstrap(DynamoDbAsyncClient dynamo, TableDefinition table, TableSettings config,
            @ConfigProperty(name = "quarkus.dynamodb.endpoint-override") Optional<String> endpoint) {
        this.dynamo = dynamo;
        this.table = table;
        this.config = config;
        this.endpoint = endpoint;
    }

    void onStart(@Observes StartupEvent event) {
        if (config.bootstrap()) {
            // Start-up is the one place where waiting is right: serve nothing before the table exists.
            try {
                ensureTable().await().atMost(TIMEOUT);
            } catch (RuntimeException e) {
                // Said in one line that names where: nothing listening there, or a server that is not DynamoDB.
                throw new IllegalStateException("cannot find or create the table " + table.tableName() + " at "
                        + endpoint.orElse("the AWS endpoint of the region") + " (quarkus.dynamodb.endpoint-override): "
                        + e + ". Is DynamoDB Local running there? deploy/run.sh --only-dynamodb starts one for dev"
                        + " mode on 8100", e);
            }
        }
    }

    public Uni<Void> ensureTable() {
        return describeStatus()
                .onFailure(ResourceNotFoundException.class).recoverWithUni(this::create)
                .chain(this::awaitActive)
                .replaceWithVoid();
    }

    private Uni<TableStatus> create() {
        return Uni.createFrom().completionStage(() -> dynamo.createTable(
                        table.createTableRequest().toBuilder().overrideConfiguration(START_UP).build()))
                .invoke(() -> LOG.infof("created table %s", table.tableName()))
                .chain(this::awaitActive)
                .call(() -> Uni.createFrom().completionStage(() -> dynamo.updateTimeToLive(
                        table.timeToLiveRequest().toBuilder().overrideConfiguration(START_UP).build())))
                .onFailure(ResourceInUseException.class).recoverWithItem(TableStatus.CREATING);
    }

    private Uni<TableStatus> awaitActive() {
        return describeStatus()
                .invoke(status -> {
                    if (status != TableStatus.ACTIVE) {
                        throw new NotActiveYet();
                    }
                })
                .onFailure(NotActiveYet.class).retry()
                .withBackOff(Duration.ofMillis(100), Duration.ofSeconds(2)).expireIn(TIMEOUT.toMillis());
    }

    private Uni<TableStatus> describeStatus() {
        return Uni.createFrom().completionStage(() -> dynamo.describeTable(r -> r.tableName(table.tableName())
                        .overrideConfiguration(START_UP)))
                .map(response -> response.table().tableStatus());
    }

    private static final class NotActiveYet extends RuntimeException {
        NotActiveYet() {
            super("table not active yet", null, false, false);
        }
    }
}
