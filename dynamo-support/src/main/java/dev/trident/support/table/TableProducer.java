package dev.trident.support.table;

import dev.trident.keys.TableDefinition;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The shared table's definition, named from configuration. */
public class TableProducer {

    @Produces
    @Singleton
    TableDefinition tableDefinition(TableSettings config) {
        return TableDefinition.of(config.name());
    }
}
