package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableSchema;
import dev.trident.keys.entity.Attribute;
import dev.trident.keys.entity.EntitySchema;
import dev.trident.keys.expr.Conditions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

class TransactionTest {

    record Note(String id) {
    }

    record Tag(String id) {
    }

    static final Attribute<String> ID = Attribute.string("id");
    static final EntitySchema<Note> NOTE = EntitySchema
            .of(EntityType.WORKSPACE, (Note n) -> new ItemKey("N#" + n.id(), "N"))
            .attribute(ID, Note::id).reads(item -> new Note(ID.read(item)));
    static final EntitySchema<Tag> TAG = EntitySchema
            .of(EntityType.STUDENT, (Tag t) -> new ItemKey("T#" + t.id(), "T"))
            .attribute(ID, Tag::id).reads(item -> new Tag(ID.read(item)));

    @Test
    void aTransactionKnowsTheValuesItCreatesByType() {
        Transaction transaction = Transaction.of()
                .create("tag", TAG, new Tag("t1"))
                .create("note", NOTE, new Note("n1"))
                .create("second-note", NOTE, new Note("n2"));
        assertEquals(Optional.of(new Note("n1")), transaction.created(Note.class), "the first of its type");
        assertEquals(Optional.of(new Tag("t1")), transaction.created(Tag.class));
        assertTrue(transaction.created(String.class).isEmpty());
    }

    @Test
    void aCreatedValueIsPutAsItsSchemasItemOnlyWhereNoneExists() {
        List<TransactWriteItem> items = Transaction.of().create("note", NOTE, new Note("n1")).items("t");
        assertEquals(1, items.size());
        assertEquals("N#n1", items.get(0).put().item().get(TableSchema.PK).s());
        assertEquals("n1", items.get(0).put().item().get("id").s());
        assertEquals(Conditions.render(Conditions.ITEM_NOT_EXISTS).expression(),
                items.get(0).put().conditionExpression());
    }
}
