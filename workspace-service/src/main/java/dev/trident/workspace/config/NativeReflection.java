package dev.trident.workspace.config;

import dev.trident.workspace.rest.MemberResponse;
import dev.trident.workspace.rest.ProjectResponse;
import dev.trident.workspace.rest.WorkspaceResponse;
import dev.trident.workspace.rest.WorkspaceStackResponse;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Types that leave as the entity of a {@code Response}: the native build cannot see them in a
 * resource signature, so Jackson's access to them is registered here.
 */
@RegisterForReflection(targets = { WorkspaceResponse.class, WorkspaceStackResponse.class, ProjectResponse.class,
        MemberResponse.class })
public final class NativeReflection {

    private NativeReflection() {
    }
}
