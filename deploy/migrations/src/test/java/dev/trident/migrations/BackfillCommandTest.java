package dev.trident.migrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EntityType;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A backfill's command line, as its script runs it: options in, the table migrated, the summary out. */
class BackfillCommandTest extends LocalTableTest {

    private String runMain(String... args) throws InterruptedException {
        PrintStream original = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            MemberCountBackfill.main(args);
        } finally {
            System.setOut(original);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theScriptsMainMigratesTheTableItIsGivenAndSaysWhatItDid() throws Exception {
        Map<String, AttributeValue> meta = new HashMap<>(WorkspaceKeys.workspace("old").toAttributes());
        meta.put(TableSchema.TYPE, s(EntityType.WORKSPACE.typeName()));
        meta.put("seatLimit", n(10));
        dynamo.putItem(r -> r.tableName(table).item(meta));
        String state = dir.resolve("cli.state").toString();

        String first = runMain("--endpoint", server.endpoint(), "--table", table, "--segments", "2", "--state", state);
        assertEquals("workspaces read: 1, counted now: 1, already counted: 0, changed meanwhile: 0, not countable: 0\n"
                + "finished (state: " + state + ")\n", first);
        Map<String, AttributeValue> counted = dynamo.getItem(r -> r.tableName(table)
                .key(WorkspaceKeys.workspace("old").toAttributes()).consistentRead(true)).item();
        assertEquals("0", counted.get(StoredAttributes.MEMBER_COUNT).n());
        assertEquals("0", counted.get(StoredAttributes.OWNER_COUNT).n());

        assertTrue(runMain("--help").startsWith("options: --table --endpoint"), "help names the options");
    }
}
