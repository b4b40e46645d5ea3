package org.privsim.core.scenario;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.privsim.core.audit.AuditAdversary;
import org.privsim.core.audit.AuditMethod;
import org.privsim.core.audit.ThreatModel;

/**
 * The rules between fields of one experiment or audit that JSON Schema can state, for
 * {@link ScenarioSchema}: a field only used when another has a fixed value ({@code clipMoment} only
 * with {@code uStep: kronecker}, its default counted when absent), a bound that depends on such a
 * value (δ &gt; 0 with {@code covarianceNoise: gaussian}), an audit's threat models, methods,
 * collusion, adversary, faults and task types per algorithm, a multi-task task's low-rank fields, and
 * the algorithms that run on the scenario's task type.
 *
 * <p>Guarantee: each rule states what the readers ({@link ExperimentReader}, {@link AuditReader})
 * refuse for the same fields; rules that compare two values (rank ≤ dimension), sizes or data files
 * stay with the readers. The parser tests check agreement: every scenario they see refused for one of
 * these reasons must fail the schema too ({@code SchemaCheck}).
 */
final class SchemaRules {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SchemaRules() {}

    /** The rules among the fields of a task of {@code type}. */
    static List<ObjectNode> task(String type) {
        if (!type.equals(MultitaskRegressionTask.TYPE)) {
            return List.of();
        }
        ObjectNode lowRank = NODES.objectNode().put("const", MultitaskStructure.LOW_RANK.id());
        ObjectNode withLowRank = present("structure");
        withLowRank.putObject("properties").putObject("structure").putArray("anyOf").add(lowRank)
                .add(NODES.objectNode().put("type", "array").set("contains", lowRank.deepCopy()));
        ObjectNode without = present("structure");
        without.set("not", withLowRank);
        return List.of(given(without, not(anyOf(required("taskRank"), required("modelScale")))));
    }

    /** The rules among the experiment fields {@code used} (an experiment's, or an audit's run settings). */
    static List<ObjectNode> experiment(Set<String> used) {
        List<ObjectNode> rules = new ArrayList<>();
        if (used.contains("covarianceNoise")) {
            ObjectNode gaussian = is("covarianceNoise", CovarianceNoise.GAUSSIAN.id(), Defaults.COVARIANCE_NOISE.id());
            rules.add(onlyWith("covarianceShift", gaussian));
            rules.add(onlyWith("calibration", gaussian));
            ObjectNode positive = NODES.objectNode();
            positive.putObject("properties").putObject("delta").put("exclusiveMinimum", 0);
            rules.add(given(gaussian, positive));
        }
        if (used.contains("uStep")) {
            String step = Defaults.U_STEP.id();
            ObjectNode kronecker = is("uStep", UStep.KRONECKER.id(), step);
            rules.add(onlyWith("featureCovariance", kronecker));
            rules.add(onlyWith("clipMoment", kronecker));
            rules.add(onlyWith("roundBudgetSplit", is("uStep", UStep.FULL.id(), step)));
            ObjectNode privateS = allOf(kronecker, is("featureCovariance", FeatureCovariance.PRIVATE.id(),
                    Defaults.FEATURE_COVARIANCE.id()));
            rules.add(onlyWith("clipFeature", privateS));
            rules.add(onlyWith("featureBudgetFraction", privateS));
        }
        if (used.contains("selection")) {
            ObjectNode privateSelection = is("selection", Selection.PRIVATE.id(), Defaults.SELECTION.id());
            rules.add(onlyWith("selectionMean", privateSelection));
            rules.add(onlyWith("selectionShape", privateSelection));
            if (used.contains("covarianceNoise")) {
                rules.add(given(privateSelection, is("covarianceNoise", CovarianceNoise.GAUSSIAN.id(),
                        Defaults.COVARIANCE_NOISE.id())));
            }
        }
        if (used.contains("participation")) {
            String participation = Defaults.PARTICIPATION.id();
            rules.add(onlyWith("rounds", is("participation", Participation.DISJOINT_BATCHES.id(), participation)));
            rules.add(onlyWith("epochs", is("participation", Participation.EPOCHS.id(), participation)));
        }
        if (used.contains("personalizationSamples")) {
            rules.add(onlyWith("personalizationSamples", present("heldOutUsers")));
        }
        if (used.contains("outlierScale")) {
            rules.add(onlyWith("outlierScale", present("outlierTask")));
        }
        if (used.contains("representation")) {
            String representation = Defaults.REPRESENTATION.id();
            rules.add(onlyWith("subspaceEstimator", is("representation", Representation.PUBLIC.id(), representation)));
            ObjectNode altmin = is("representation", Representation.PRIVATE_ALTMIN.id(), representation);
            for (String field : List.of("representationEpsilon", "representationDelta", "representationEpochs")) {
                rules.add(onlyWith(field, altmin));
            }
            ObjectNode needsEpsilon = NODES.objectNode();
            needsEpsilon.putArray("required").add("representationEpsilon");
            rules.add(given(altmin, needsEpsilon));
        }
        return rules;
    }

    /**
     * The rules of an audit of form {@code a} beyond its fields' own ({@code onRatings}: it plays on a
     * ratings task): the threat models, methods, collusion, adversaries and faults the audit allows.
     */
    static List<ObjectNode> audit(AuditForm a, boolean onRatings) {
        List<ObjectNode> rules = new ArrayList<>();
        boolean covariance = a.release() == AuditForm.Release.COVARIANCE;
        boolean sampled = a.release() == AuditForm.Release.SAMPLED_GAUSSIAN;
        boolean noNoise = a.release() == AuditForm.Release.NONE;
        ObjectNode gaussian = is("covarianceNoise", CovarianceNoise.GAUSSIAN.id(), Defaults.COVARIANCE_NOISE.id());
        ObjectNode ownTask = NODES.objectNode();
        ArrayNode types = ownTask.putObject("properties").putObject("task").putObject("properties").putObject("type")
                .putArray("enum");
        TaskFields.TASK_TYPES.stream().filter(a::playsOn).forEach(types::add);
        rules.add(ownTask);
        List<String> models = onRatings ? List.of(ThreatModel.WHITE_BOX.id())
                : a.threatModels().stream().map(ThreatModel::id).toList();
        if (models.size() < ThreatModel.values().length) {
            rules.add(choice("threatModel", models));
        }
        if (covariance) {
            // white-box needs the Gaussian covariance release
            rules.add(given(not(gaussian), choice("threatModel", a.threatModels().stream()
                    .filter(m -> m != ThreatModel.WHITE_BOX).map(ThreatModel::id).toList())));
        }
        if (a.allButTargetOnly()) {
            rules.add(choice("collusion", List.of("all-but-target")));
        }
        if (a.readsRunSettings() && Catalog.form(a.algorithm(), false).reads("representation")) {
            rules.add(not(is("representation", Representation.PRIVATE_ALTMIN.id(), Defaults.REPRESENTATION.id())));
        }
        if (a.defaultThreatModel() == null) {
            ObjectNode required = NODES.objectNode();
            required.putArray("required").add("threatModel");
            rules.add(required);
        }
        List<String> gaussianMethods = List.of(AuditMethod.GAUSSIAN_DP.id(), AuditMethod.GAUSSIAN_DP_AUC.id());
        List<String> methods = new ArrayList<>(Arrays.stream(AuditMethod.values()).map(AuditMethod::id).toList());
        if (!sampled) {
            methods.remove(AuditMethod.SAMPLED_GAUSSIAN_AUC.id());
        }
        if (noNoise || sampled) {
            methods.removeAll(gaussianMethods);
        }
        if (a.oneRunDimension() == null) {
            methods.remove(AuditMethod.ONE_RUN.id());
        }
        // canaries and guesses only with one-run, which needs canaries and plays no trials
        ObjectNode oneRun = is("method", AuditMethod.ONE_RUN.id(), "");
        rules.add(onlyWith("canaries", oneRun));
        rules.add(onlyWith("guesses", oneRun));
        rules.add(given(oneRun, allOf(required("canaries"), not(present("trials")))));
        if (methods.size() < AuditMethod.values().length) {
            rules.add(choice("method", methods));
        }
        if (covariance) {
            List<String> withoutGaussian = new ArrayList<>(methods);
            withoutGaussian.removeAll(gaussianMethods);
            rules.add(given(not(gaussian), choice("method", withoutGaussian)));
        }
        if (noNoise) {
            ObjectNode empty = NODES.objectNode();
            empty.putObject("properties").putObject("inject").put("maxProperties", 0);
            rules.add(empty);
        }
        if (a.skipClippingRefusal() != null) {
            rules.add(notTrue("skipClipping"));
        }
        if (a.ignoreCompositionRefusal() != null) {
            rules.add(notTrue("ignoreComposition"));
        }
        if (!a.adversaries().isEmpty()) {
            boolean whole = a.adversaries().contains(AuditAdversary.TRACING);
            List<String> adversaries = new ArrayList<>(Arrays.stream(AuditAdversary.values()).map(AuditAdversary::id)
                    .toList());
            if (!whole) {
                adversaries.remove(AuditAdversary.TRACING.id());
            }
            rules.add(choice("adversary", adversaries));
            if (whole) {
                ObjectNode tracing = present("adversary");
                tracing.putObject("properties").putObject("adversary").put("const", AuditAdversary.TRACING.id());
                ObjectNode then = choice("threatModel", List.of(ThreatModel.BILLBOARD.id()));
                then.putObject("not").putArray("anyOf").add(required("canaryScale")).add(required("collusion"));
                then.set("allOf", NODES.arrayNode().add(notTrue("skipClipping")));
                rules.add(given(tracing, then));
            }
        }
        return rules;
    }

    /**
     * The rules on the scenario's experiments and audits that its task's type sets: for each type,
     * the algorithms that run on it (an audit without a task of its own plays on the scenario's).
     */
    static List<ObjectNode> byTaskType() {
        List<ObjectNode> rules = new ArrayList<>();
        for (String type : TaskFields.TASK_TYPES) {
            ObjectNode condition = required("task");
            ObjectNode task = condition.putObject("properties").putObject("task");
            task.putArray("required").add("type");
            task.putObject("properties").putObject("type").put("const", type);
            ObjectNode then = NODES.objectNode();
            ObjectNode properties = then.putObject("properties");
            properties.putObject("experiments").set("items", choice("algorithm",
                    Arrays.stream(Algorithm.values()).filter(a -> a.runsOn(type)).map(Algorithm::id).toList()));
            ObjectNode onScenarioTask = choice("algorithm", Catalog.auditable().stream()
                    .filter(a -> Catalog.auditForm(a).playsOn(type)).map(Algorithm::id).toList());
            properties.putObject("audits").set("items", given(not(required("task")), onScenarioTask));
            rules.add(given(condition, then));
        }
        return rules;
    }

    // ---- building blocks -------------------------------------------------------------------------

    /** {@code field} is {@code value}, or absent when {@code value} is its default. */
    private static ObjectNode is(String field, String value, String byDefault) {
        ObjectNode given = present(field);
        given.putObject("properties").putObject(field).put("const", value);
        return value.equals(byDefault) ? anyOf(not(present(field)), given) : given;
    }

    private static ObjectNode present(String field) {
        return required(field);
    }

    private static ObjectNode required(String field) {
        ObjectNode schema = NODES.objectNode();
        schema.putArray("required").add(field);
        return schema;
    }

    /** {@code field} may be given only when {@code condition} holds. */
    private static ObjectNode onlyWith(String field, ObjectNode condition) {
        return given(not(condition), not(present(field)));
    }

    /** {@code then} applies when {@code condition} holds. */
    private static ObjectNode given(ObjectNode condition, ObjectNode then) {
        ObjectNode rule = NODES.objectNode();
        rule.set("if", condition);
        rule.set("then", then);
        return rule;
    }

    /** {@code field}, when given, is one of {@code values}. */
    private static ObjectNode choice(String field, List<String> values) {
        ObjectNode schema = NODES.objectNode();
        ArrayNode allowed = schema.putObject("properties").putObject(field).putArray("enum");
        values.forEach(allowed::add);
        return schema;
    }

    /** {@code inject.field}, when given, is false. */
    private static ObjectNode notTrue(String field) {
        ObjectNode schema = NODES.objectNode();
        schema.putObject("properties").putObject("inject").putObject("properties").putObject(field)
                .put("const", false);
        return schema;
    }

    private static ObjectNode not(ObjectNode schema) {
        ObjectNode negation = NODES.objectNode();
        negation.set("not", schema);
        return negation;
    }

    private static ObjectNode anyOf(ObjectNode first, ObjectNode second) {
        ObjectNode either = NODES.objectNode();
        either.putArray("anyOf").add(first).add(second);
        return either;
    }

    private static ObjectNode allOf(ObjectNode first, ObjectNode second) {
        ObjectNode both = NODES.objectNode();
        both.putArray("allOf").add(first).add(second);
        return both;
    }
}
