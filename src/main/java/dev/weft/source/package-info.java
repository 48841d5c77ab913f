/**
 * Reading an inventory's bytes: {@link dev.weft.source.WorkingTreeSource} (the files on disk) and
 * {@link dev.weft.source.GitRefSource} (any commit, straight from the object database, no
 * checkout). Both apply the same selection (every {@code *.yaml}/{@code *.yml} below the inventory,
 * sorted, dot-files, dot-folders and symbolic links skipped) and the same naming
 * (repository-relative paths with '/', Git blob ids), so {@code --ref} cannot change what a later
 * stage sees.
 *
 * <p>The only package besides {@code git} that imports JGit.
 */
package dev.weft.source;
