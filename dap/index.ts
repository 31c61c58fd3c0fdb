// dap/: DAP-18 client, leader, helper and collector on top of vdaf/.
export {
  DAP_DRAFT,
  DAP_VERSION,
  HPKE_INFO_INPUT_SHARE,
  HPKE_INFO_AGGREGATE_SHARE,
} from './version.js';
