"""A two-layer ReLU network with a policy head and a value head, its gradients and Adam, in numpy:
what examples/python/train_learned.py trains. Inference alone lives in bellwether.learned."""
import numpy as np

ILLEGAL = -1e9  # a masked logit: exp() of it is 0 without the NaN that -inf gives in p * log(p)


class PolicyValueNetwork:
    def __init__(self, inputs, actions, hidden, rng, inverse_scales):
        def layer(fan_in, fan_out, gain=np.sqrt(2.0)):
            return (rng.normal(0, gain / np.sqrt(fan_in), (fan_in, fan_out))).astype(np.float32)

        self.params = {
            "w1": layer(inputs, hidden), "b1": np.zeros(hidden, np.float32),
            "w2": layer(hidden, hidden), "b2": np.zeros(hidden, np.float32),
            "w_policy": layer(hidden, actions, 0.01), "b_policy": np.zeros(actions, np.float32),
            "w_value": layer(hidden, 1, 0.1), "b_value": np.zeros(1, np.float32),
        }
        self.inverse_scales = inverse_scales.astype(np.float32)
        self.moments = {name: (np.zeros_like(p), np.zeros_like(p)) for name, p in self.params.items()}
        self.steps = 0

    def forward(self, observations, masks):
        """Log-probabilities over the actions (masked), values, and what backward() needs."""
        p = self.params
        x = observations * self.inverse_scales
        z1 = x @ p["w1"] + p["b1"]
        h1 = np.maximum(z1, 0)
        z2 = h1 @ p["w2"] + p["b2"]
        h2 = np.maximum(z2, 0)
        logits = np.where(masks, h2 @ p["w_policy"] + p["b_policy"], ILLEGAL)
        logits -= logits.max(axis=1, keepdims=True)
        log_p = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
        values = (h2 @ p["w_value"] + p["b_value"])[:, 0]
        return log_p, values, (x, z1, h1, z2, h2)

    def backward(self, cache, d_logits, d_values):
        """Gradients of the loss, given its gradient with respect to the logits and the values."""
        p = self.params
        x, z1, h1, z2, h2 = cache
        grads = {"w_policy": h2.T @ d_logits, "b_policy": d_logits.sum(axis=0),
                 "w_value": h2.T @ d_values[:, None], "b_value": d_values.sum(keepdims=True)}
        d_h2 = d_logits @ p["w_policy"].T + d_values[:, None] @ p["w_value"].T
        d_z2 = d_h2 * (z2 > 0)
        grads["w2"], grads["b2"] = h1.T @ d_z2, d_z2.sum(axis=0)
        d_z1 = (d_z2 @ p["w2"].T) * (z1 > 0)
        grads["w1"], grads["b1"] = x.T @ d_z1, d_z1.sum(axis=0)
        return grads

    def descend(self, grads, lr, max_norm=1.0):
        """One Adam step down the gradients, clipped to a global norm."""
        norm = np.sqrt(sum(float((g * g).sum()) for g in grads.values()))
        shrink = min(1.0, max_norm / (norm + 1e-8))
        self.steps += 1
        for name, grad in grads.items():
            m, v = self.moments[name]
            g = grad * shrink
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            step = lr * (m / (1 - 0.9 ** self.steps)) / (np.sqrt(v / (1 - 0.999 ** self.steps)) + 1e-8)
            self.params[name] -= step.astype(np.float32)

    def policy_layers(self):
        """What bellwether.learned loads: the layers that choose an action."""
        return {name: self.params[name] for name in ("w1", "b1", "w2", "b2", "w_policy", "b_policy")}


def sample(log_p, rng):
    """An action per row drawn from the rows' distributions."""
    p = np.exp(log_p)
    draws = rng.random((len(p), 1)) * p.sum(axis=1, keepdims=True)
    return (p.cumsum(axis=1) > draws).argmax(axis=1).astype(np.int32)


def cloning_gradients(net, batch, value_weight=0.5):
    """Cross-entropy towards the teacher's actions plus the value's squared error; the mean loss."""
    observations, masks, actions, returns = batch
    log_p, values, cache = net.forward(observations, masks)
    n = len(actions)
    d_logits = np.exp(log_p)
    d_logits[np.arange(n), actions] -= 1.0
    d_values = value_weight * 2 * (values - returns)
    loss = -log_p[np.arange(n), actions].mean() + value_weight * ((values - returns) ** 2).mean()
    return net.backward(cache, d_logits / n, d_values / n), float(loss)


def ppo_gradients(net, batch, clip=0.2, value_weight=0.5, entropy_weight=0.01):
    """The clipped PPO objective's gradients over one minibatch (to descend), and its entropy."""
    observations, masks, actions, old_log_p, advantages, returns = batch
    log_p, values, cache = net.forward(observations, masks)
    n = len(actions)
    rows = np.arange(n)
    p = np.exp(log_p)
    ratio = np.exp(log_p[rows, actions] - old_log_p)
    # The clipped term is the minimum (and has no gradient) when the ratio left [1-clip, 1+clip] in
    # the advantage's direction.
    active = ~(((ratio > 1 + clip) & (advantages > 0)) | ((ratio < 1 - clip) & (advantages < 0)))
    d_log_p_action = -ratio * advantages * active
    d_logits = -p * d_log_p_action[:, None]
    d_logits[rows, actions] += d_log_p_action
    plogp = np.where(masks, p * log_p, 0.0)
    entropy = -plogp.sum(axis=1)
    # d(-entropy)/d logit_j = p_j * (log p_j + entropy)
    d_logits += entropy_weight * np.where(masks, p * (log_p + entropy[:, None]), 0.0)
    d_values = value_weight * 2 * (values - returns)
    return net.backward(cache, d_logits / n, d_values / n), float(entropy.mean())
