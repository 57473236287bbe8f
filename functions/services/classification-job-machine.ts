/**
 * The classification job's state machine (AWS): run the worker; while it says there is more (it stopped
 * before its function's time limit with rows left), run it again. A failed run is retried three times,
 * 5 s, 10 s and 20 s apart; should it still fail, the job's lease runs out and the screen's next look at the
 * job starts it again. Built by the pipeline stack from this definition with the worker's ARN.
 */
export function classificationJobDefinition(workerArn: string) {
  return {
    Comment: "Smart Transaction Review: classify a family's rows that need review, run after run",
    StartAt: 'Classify',
    States: {
      Classify: {
        Type: 'Task',
        Resource: workerArn,
        Retry: [
          {
            ErrorEquals: ['States.ALL'],
            IntervalSeconds: 5,
            MaxAttempts: 3,
            BackoffRate: 2,
          },
        ],
        Next: 'More',
      },
      More: {
        Type: 'Choice',
        Choices: [{ Variable: '$.more', BooleanEquals: true, Next: 'Classify' }],
        Default: 'Done',
      },
      Done: { Type: 'Succeed' },
    },
  };
}
