package org.privsim.core.scenario;

/**
 * One feature column of a {@link DatasetTask}: numeric columns enter the model as they are (standardized
 * when the task asks), categorical columns as one 0/1 indicator per category.
 *
 * @param name        the column's header name
 * @param categorical whether the column is categorical (declared in the scenario, never guessed)
 */
public record DatasetFeature(String name, boolean categorical) {}
