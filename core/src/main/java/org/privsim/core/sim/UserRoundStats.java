package org.privsim.core.sim;

/**
 * A user's compact contribution to one U-step (Jain et al. Alg. 2, line 1–2).
 *
 * <p>With w_i = clip(vec(x_i vᵀ); η) = c_i (v ⊗ x_i), c_i = min(1, η/(‖x_i‖‖v‖)) and
 * ỹ_i = clip(y_i; ζ), the user's terms of the released statistics are
 * A_j = Σ_i w_i w_iᵀ = (v vᵀ) ⊗ G and b_j = Σ_i ỹ_i w_i = v ⊗ g with
 * G = Σ_i c_i² x_i x_iᵀ and g = Σ_i ỹ_i c_i x_i. Sending (v, G, g) costs k + d(d+1)/2 + d doubles
 * instead of a dk×dk matrix, and never reveals a raw sample.
 *
 * @param user  user id
 * @param v     the user's current personal model v_j (k)
 * @param gram  G, packed upper triangle (see {@link org.privsim.core.linalg.PackedSymmetric})
 * @param g     g (d)
 */
public record UserRoundStats(int user, double[] v, double[] gram, double[] g) {}
