import { Alert, Skeleton } from '@mui/material';
import { MENSAGENS, ROTULOS_AMBIENTE_TRAMITA } from '@tramite/shared';
import { AlertaErroCarregar } from '../../components/feedback/AlertaErroCarregar';
import { Pagina } from '../../components/Pagina';
import { mensagemComDetalhe } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useAdministracaoTramita } from './api';
import { FormularioConfiguracaoTramita } from './FormularioConfiguracaoTramita';
import { SecaoCertificadoTramita } from './SecaoCertificadoTramita';
import { SecaoConexaoTramita } from './SecaoConexaoTramita';
import { SecaoMapeamentosTramita } from './SecaoMapeamentosTramita';
import { TEXTOS_TRAMITA as T } from './textos';

/**
 * Administração › Tramita GOV.BR (issue 24, steps 3 and 4): the configuration, the system certificate of its
 * environment, the connection test and the PEN's lists, and the mappings. Until it is active, nothing of the feature shows to anyone else.
 */
export function TramitaPage() {
  const consulta = useAdministracaoTramita();
  useErroConsulta(consulta.error, (erro) => mensagemComDetalhe(MENSAGENS.tramita.erroCarregar, erro));
  const dados = consulta.data;
  const configuracao = dados?.configuracao;

  return (
    <Pagina titulo={T.titulo} tituloDocumento={T.tituloDocumento} descricao={T.descricao}>
      <AlertaErroCarregar consulta={consulta} mensagem={MENSAGENS.tramita.erroCarregar} />
      {dados ? (
        <>
          <Alert severity={configuracao?.ativo ? 'success' : 'info'} sx={{ mb: 3 }} data-testid="situacao-tramita">
            {!configuracao
              ? T.naoConfigurado
              : configuracao.ativo
                ? T.ativo(ROTULOS_AMBIENTE_TRAMITA[configuracao.ambiente])
                : T.inativo}
          </Alert>
          <FormularioConfiguracaoTramita dados={dados} />
          <SecaoCertificadoTramita dados={dados} />
          <SecaoConexaoTramita dados={dados} />
          {configuracao ? <SecaoMapeamentosTramita /> : null}
        </>
      ) : consulta.isLoading ? (
        <Skeleton variant="rounded" height={480} role="status" aria-label={T.carregando} />
      ) : null}
    </Pagina>
  );
}
