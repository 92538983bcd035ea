package dev.trident.testing.iam;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * The IAM actions each DynamoDB request of a service under test needs, written down with the class that sent it, one
 * file per test JVM: {@code target/dynamodb-actions/<pid>.tsv} (caller, action, resource). {@link IamPolicyCheck}
 * compares them with the service's policy under {@code deploy/iam/}. Fed by test-support's DynamoDbCallRecorder,
 * which every service's tests register as a DynamoDB interceptor.
 * <p>
 * IAM authorises a transaction by what it contains (AWS DynamoDB developer guide, "Using IAM with DynamoDB
 * transactions"): a Put in TransactWriteItems needs dynamodb:PutItem, an Update dynamodb:UpdateItem, a Delete
 * dynamodb:DeleteItem, a ConditionCheck dynamodb:ConditionCheckItem, and each Get of TransactGetItems
 * dynamodb:GetItem. A Query on an index needs the index's ARN.
 */
public final class DynamoDbActions {

    static final Path DIRECTORY = Path.of("target", "dynamodb-actions");
    static final String TABLE = "table";
    private static final Set<String> SEEN = ConcurrentHashMap.newKeySet();
    private static final StackWalker STACK = StackWalker.getInstance();

    private DynamoDbActions() {
    }

    /** Records what {@code request} needs, attributed to the closest Trident class that sent it. */
    public static void record(SdkRequest request) {
        String caller = caller();
        List<String> lines = new ArrayList<>();
        for (String[] needed : actions(request)) {
            String line = caller + "\t" + needed[0] + "\t" + needed[1];
            if (SEEN.add(line)) {
                lines.add(line + "\n");
            }
        }
        if (!lines.isEmpty()) {
            append(String.join("", lines));
        }
    }

    /** Each {@code [action, resource]} the request needs; resource "table" or "index/NAME". */
    static List<String[]> actions(SdkRequest request) {
        String operation = request.getClass().getSimpleName().replaceFirst("Request$", "");
        List<String[]> actions = new ArrayList<>();
        if (request instanceof QueryRequest query) {
            actions.add(new String[] { "dynamodb:Query", query.indexName() == null ? TABLE : "index/" + query.indexName() });
        } else if (request instanceof TransactWriteItemsRequest transaction) {
            for (TransactWriteItem item : transaction.transactItems()) {
                actions.add(new String[] { "dynamodb:" + writeAction(item), TABLE });
            }
        } else if (request instanceof TransactGetItemsRequest transaction) {
            transaction.transactItems().forEach(item -> actions.add(new String[] { "dynamodb:GetItem", TABLE }));
        } else {
            actions.add(new String[] { "dynamodb:" + operation, TABLE });
        }
        return actions;
    }

    private static String writeAction(TransactWriteItem item) {
        if (item.put() != null) {
            return "PutItem";
        }
        if (item.update() != null) {
            return "UpdateItem";
        }
        if (item.delete() != null) {
            return "DeleteItem";
        }
        return "ConditionCheckItem";
    }

    /** The closest Trident class on the stack (past the recorders): a service's, service-support's or a test's. */
    private static String caller() {
        return STACK.walk(frames -> frames.map(StackWalker.StackFrame::getClassName)
                .filter(name -> name.startsWith("dev.trident.") && !name.startsWith(DynamoDbActions.class.getName())
                        && !name.startsWith("dev.trident.testing.DynamoDbCallRecorder"))
                .map(name -> name.contains("$") ? name.substring(0, name.indexOf('$')) : name)
                .findFirst().orElse("?"));
    }

    private static synchronized void append(String lines) {
        try {
            Files.createDirectories(DIRECTORY);
            Files.writeString(thisRun(), lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path thisRun() {
        return DIRECTORY.resolve(ProcessHandle.current().pid() + ".tsv");
    }
}
