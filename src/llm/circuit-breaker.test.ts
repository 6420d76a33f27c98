import { describe, expect, it } from 'vitest';
import { ModelCircuitBreaker, ModelCircuitOpenError, classifyModelFault } from './circuit-breaker.js';
import { LlmTimeoutError, ModelBehaviorError, ProviderError } from './llm-errors.js';
import { RetriesExhaustedError } from './retry.js';

const refused = () => new ProviderError('environment', 'cannot reach x', 'start it', { retryable: true });
const status = (s: number) => new ProviderError('environment', `HTTP ${s}`, 'later', { status: s, retryable: true });
const garbage = () => new ModelBehaviorError('no JSON', 'not json', '{{');

describe('ModelCircuitBreaker', () => {
  it('classifies faults, looking through the retries to the last attempt', () => {
    expect(classifyModelFault(refused())).toBe('unreachable');
    expect(classifyModelFault(new LlmTimeoutError('m', 5))).toBe('timeout');
    expect(classifyModelFault(new RetriesExhaustedError(new LlmTimeoutError('m', 5), 2))).toBe('timeout');
    expect(classifyModelFault(new RetriesExhaustedError(status(429), 3))).toBe('rate_limited');
    expect(classifyModelFault(status(503))).toBe('server_error');
    expect(classifyModelFault(status(400))).toBe('rejected');
    expect(classifyModelFault(garbage())).toBe('garbage');
    expect(classifyModelFault(new Error('?'))).toBe('other');
  });

  it('opens with model_unreachable after consecutive failed steps of a model that never answered, and aborts calls in flight', () => {
    const b = new ModelCircuitBreaker({ maxConsecutiveFaults: 3, unreachableMs: 60_000 });
    for (let i = 0; i < 2; i++) {
      b.beforeCall('m');
      b.attemptFailed('m', refused());
      b.stepFailed(refused());
    }
    expect(b.open).toBeNull();
    b.stepFailed(refused());
    expect(b.open?.reason).toBe('model_unreachable');
    expect(b.signal.aborted).toBe(true);
    expect(b.signal.reason).toBe(b.open);
    expect(() => b.beforeCall('m')).toThrow(ModelCircuitOpenError);
    expect(b.stats()).toMatchObject({ faults: 3, byKind: { unreachable: 3 } });
    b.reset();
    expect(b.open).toBeNull();
    expect(b.signal.aborted).toBe(false);
  });

  it('opens with model_faults when the model answers but nothing usable, and a usable step ends the run of failures', () => {
    const b = new ModelCircuitBreaker({ maxConsecutiveFaults: 3 });
    b.beforeCall('m');
    b.attemptAnswered('m');
    b.stepFailed(garbage());
    b.stepFailed(garbage());
    b.stepSucceeded();
    b.stepFailed(garbage());
    b.stepFailed(garbage());
    expect(b.open).toBeNull();
    b.stepFailed(garbage());
    expect(b.open?.reason).toBe('model_faults');
    expect(b.open?.message).toMatch(/3 model steps in a row failed \(last: garbage\)/);
  });

  it('another model answering (a local embedding) does not make a silent chat model reachable', () => {
    const b = new ModelCircuitBreaker({ maxConsecutiveFaults: 2 });
    b.beforeCall('local:hashed-256');
    b.attemptAnswered('local:hashed-256');
    b.beforeCall('chat');
    b.attemptFailed('chat', refused());
    b.stepFailed(refused());
    b.stepFailed(refused());
    expect(b.open?.reason).toBe('model_unreachable');
  });

  it('opens with model_unreachable when a model gives no answer within unreachableMs of its first call', async () => {
    const b = new ModelCircuitBreaker({ unreachableMs: 30 });
    b.beforeCall('silent');
    await new Promise((r) => setTimeout(r, 60));
    expect(b.open?.reason).toBe('model_unreachable');
    expect(b.open?.message).toMatch(/silent gave no answer/);
    // The step that was waiting is counted once, as a timeout; the calls refused after it are not faults.
    expect(b.takeCutStep()).toBe(true);
    expect(b.takeCutStep()).toBe(false);
    expect(classifyModelFault(b.open)).toBe('timeout');
  });

  it('bounds a run of failures of a model that answered before by failingWallMs', async () => {
    const b = new ModelCircuitBreaker({ failingWallMs: 30, maxConsecutiveFaults: 100 });
    b.beforeCall('m');
    b.attemptAnswered('m');
    b.attemptFailed('m', status(500));
    await new Promise((r) => setTimeout(r, 60));
    expect(b.open?.reason).toBe('model_faults');
  });

  it('caps the calls of an episode', () => {
    const b = new ModelCircuitBreaker({ maxCalls: 2 });
    b.beforeCall('m');
    b.attemptAnswered('m');
    b.beforeCall('m');
    expect(() => b.beforeCall('m')).toThrow(/made 2 model calls, its limit/);
    expect(b.open?.reason).toBe('model_call_limit');
  });
});
