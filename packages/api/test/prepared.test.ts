import { taskListSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { acceptingPrepared, jsonOfPrepared, prepareAnswer } from '../src/lib/prepared';

const task = { id: 't1', title: 'Visit', description: 'A page', url: 'https://example.com', reward: '1.50', requiredVipTier: null };

describe('prepared answers (docs/architecture.md#prepared-answers)', () => {
  it('checks the value once, freezes it and keeps its JSON', () => {
    const withExtra = { ...task, extra: 'dropped by the schema' };
    const answer = prepareAnswer(taskListSchema, [withExtra]);
    expect(answer).toEqual([task]);
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer[0])).toBe(true);
    expect(jsonOfPrepared(answer)).toBe(JSON.stringify([task]));
  });

  it('refuses to prepare a value its schema refuses', () => {
    expect(() => prepareAnswer(taskListSchema, [{ ...task, reward: 'free' }])).toThrow();
  });

  it('passes a prepared answer through the output schema and checks anything else', async () => {
    const output = acceptingPrepared(taskListSchema);
    const answer = prepareAnswer(taskListSchema, [task]);
    await expect(output.parseAsync(answer)).resolves.toBe(answer);
    // An equal value that was not prepared is checked (and copied) as the schema always did.
    const unprepared = [{ ...task, extra: 'x' }];
    await expect(output.parseAsync(unprepared)).resolves.toEqual([task]);
    await expect(output.parseAsync([{ ...task, reward: 'free' }])).rejects.toThrow();
    expect(jsonOfPrepared(unprepared)).toBeUndefined();
  });
});
