import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import suite from './vitest.config';

/**
 * The projects mutation testing runs for each mutant: the fast in-process ones by default (unit and
 * model); MUTATION_PROJECTS=api for the server's domain, which only the API tests reach. The tests
 * that render the whole app, and the members page's view paths (minutes a run), are left out: every
 * mutant they cover would rerun them, and the machines' own model tests are the ones that state their rules.
 */
const wanted = (process.env.MUTATION_PROJECTS ?? 'unit,model').split(',');
const SLOW_TESTS = [
  'tests/unit/app/appRouter.test.tsx',
  'tests/unit/members/membersRoute.test.tsx',
  'tests/unit/posts/groupPagesRoutes.test.tsx',
  'tests/model/groupPagesAddress.test.tsx',
  'tests/model/memberListView.test.tsx',
];
const projects = (suite.test?.projects ?? []) as TestProjectInlineConfiguration[];

export default defineConfig({
  test: {
    projects: projects
      .filter((project) => wanted.includes(project.test?.name as string))
      .map((project) => ({ ...project, test: { ...project.test, exclude: [...(project.test?.exclude ?? []), ...SLOW_TESTS] } })),
  },
});
