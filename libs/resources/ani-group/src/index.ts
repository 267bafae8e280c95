export {
  aniGroupApi,
  ANI_GROUP_TAG,
  useListAniGroupsQuery,
  useLazyListAniGroupsQuery,
  useGetAniGroupQuery,
  useListAniGroupNumbersQuery,
  useCreateAniGroupMutation,
  useUpdateAniGroupMutation,
  useDeleteAniGroupMutation,
  useImportAniGroupsMutation,
} from './lib/ani-group.api';
export {
  aniGroupDefinition,
  aniGroupBundle,
  aniGroupBody,
  aniGroupPatch,
  splitNumbers,
  ANI_GROUP_ACCESS,
} from './lib/ani-group.resource';
export { AniGroupImport, AniGroupNumbers, importAniGroupRows } from './lib/ani-group-pages';
