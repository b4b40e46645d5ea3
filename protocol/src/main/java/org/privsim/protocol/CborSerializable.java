package org.privsim.protocol;

/**
 * Marker for every message the actors exchange. The actors module binds it to Pekko's
 * {@code jackson-cbor} serializer ({@code pekko.actor.serialization-bindings}), so any message can
 * cross a network unchanged; tests run with {@code serialize-messages = on} to prove it.
 *
 * <p>Guarantee: implementations are records of plain values (ids, counters, {@code double[]}
 * payloads with their shapes, {@code ActorRef} reply-to fields and concrete core value records).
 * The only interface-typed fields are the {@link AggregatorCommand} and {@link UserCommand} inside
 * {@link PopulationCommand} envelopes; those two interfaces name their subtypes for Jackson.
 */
public interface CborSerializable {}
