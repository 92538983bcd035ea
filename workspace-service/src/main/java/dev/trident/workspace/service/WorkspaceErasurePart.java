package dev.trident.workspace.service;

import dev.trident.support.erasure.ErasurePart;
import dev.trident.support.erasure.ErasureRecords;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Singleton;
import java.time.Clock;

/** workspace-service's part of an account's erasure: its memberships ({@link WorkspaceErasure}). */
@Singleton
public class WorkspaceErasurePart extends ErasurePart {

    private final WorkspaceErasure workspaces;

    WorkspaceErasurePart(ErasureRecords records, Clock clock, MeterRegistry registry, WorkspaceErasure workspaces) {
        super(records, clock, registry);
        this.workspaces = workspaces;
    }

    /** The account's memberships are found through GSI1, the inverted side of the member edges. */
    @Override
    protected boolean sweepsIndex() {
        return true;
    }

    @Override
    protected String part() {
        return "workspace";
    }

    @Override
    protected Uni<Void> erase(String userId, Progress progress) {
        return workspaces.eraseMemberships(userId, progress::erased);
    }
}
