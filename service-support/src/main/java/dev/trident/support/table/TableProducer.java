package dev.trident.support.table;

import dev.trident.keys.TableDefinition;
import dev.trident.support.config.TridentConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The shared table's definition, named from configuration. */
public class TableProducer {

    @Produces
    @Singleton
    TableDefinition tableDefinition(TridentConfig config) {
        return TableDefinition.of(config.table().name());
    }
}
