/** The part of a composed Storybook story the tests use. */
export interface ComposedStory {
  run(): Promise<void>;
  load(): Promise<void>;
}

let mounted: ComposedStory | undefined;

/**
 * Renders a composed story and runs its play function. Storybook mounts it outside Testing
 * Library, so `cleanup()` cannot unmount it: `unmountStory` (run after every test by the setup
 * file) does, before the environment is torn down with React work still scheduled.
 */
export async function runStory(story: ComposedStory): Promise<void> {
  mounted = story;
  await story.run();
}

/** Unmounts the story `runStory` mounted last, through Storybook's own cleanup queue. */
export async function unmountStory(): Promise<void> {
  const story = mounted;
  mounted = undefined;
  // `load()` first runs the cleanups Storybook queued for the previous render (the unmount).
  await story?.load();
}
