package org.privsim.protocol;

/**
 * Marker for every message the actors exchange. The actors module binds it to Pekko's
 * {@code jackson-cbor} serializer ({@code pekko.actor.serialization-bindings}), so any message can
 * cross a network unchanged; tests run with {@code serialize-messages = on} to prove it.
 *
 * <p>Guarantee: implementations are records of plain values (ids, counters, {@code double[]}
 * payloads with their shapes, {@code ActorRef} reply-to fields and concrete core value records);
 * a family's requests, answers, outcomes and rows ride as values serialized with their class name.
 */
public interface CborSerializable {}
